import { once } from 'node:events';
import net from 'node:net';

export type TcpProxy = {
  /** The loopback port the proxy listens on. */
  port: number;
  /** Connections piped through so far. */
  accepted: () => number;
  /** Destroys every open connection and refuses new ones (nothing listens on the port) until `restore`. */
  cutOff(): Promise<number>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A loopback TCP proxy to `target` (PostgreSQL, say) that a test can cut: the server process under test
 * reaches its database through it, so the test kills its connections and refuses new ones as a database
 * restart or a network partition would, then lets them through again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let accepted = 0;
  const listener = net.createServer((client) => {
    accepted += 1;
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const { port } = listener.address() as net.AddressInfo;

  const stopListening = () =>
    new Promise<void>((resolve) => (listener.listening ? listener.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    const count = open.size;
    for (const socket of open) socket.destroy();
    open.clear();
    return count;
  };
  return {
    port,
    accepted: () => accepted,
    async cutOff() {
      // Stop listening first, so a connection made while the others die is refused, not accepted.
      const closed = stopListening();
      const destroyed = destroyAll();
      await closed;
      return destroyed;
    },
    async restore() {
      listener.listen(port, '127.0.0.1');
      await once(listener, 'listening');
    },
    async close() {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
  };
}
