import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackServer = { url: string; close(): Promise<void> };

/**
 * Starts a test's stand-in HTTP server on 127.0.0.1 at a free port. `close` drops open connections
 * first, so a test that left a request hanging still finishes.
 */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
