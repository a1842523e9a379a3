import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

export type StubReply = { status?: number; headers?: Record<string, string>; json?: unknown; text?: string };

/**
 * A real HTTP server on 127.0.0.1 (port 0) playing an outside service (captcha verify, OAuth provider,
 * SMS gateway) from recorded responses. It records every request so tests can check what was sent.
 */
export async function startHttpStub(handle: (request: StubRequest) => StubReply | Promise<StubReply>) {
  const requests: StubRequest[] = [];
  const server = createServer(async (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: StubRequest = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    const reply = await handle(request);
    const isJson = reply.json !== undefined;
    response.writeHead(reply.status ?? 200, {
      'content-type': isJson ? 'application/json; charset=utf-8' : 'text/plain',
      ...reply.headers,
    });
    response.end(isJson ? JSON.stringify(reply.json) : (reply.text ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function formOf(request: StubRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}
