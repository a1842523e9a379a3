import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchText } from './fetch-text.ts';
import { UpstreamError } from './upstream-error.ts';

let server: Server;
let base: string;
const request = { maxBytes: 100, accept: 'text/plain', userAgent: 'cotacep-test' };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok') return void res.end('hello');
    if (req.url === '/declared-large') {
      res.setHeader('content-length', '1000');
      return void res.end('x'.repeat(1000));
    }
    if (req.url === '/streamed-large') {
      res.write('x'.repeat(80));
      return void setTimeout(() => res.end('x'.repeat(80)), 10);
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/ok' });
      return void res.end();
    }
    // /silent: never answers; the request's deadline or the caller ends it.
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('fetchText', () => {
  it('answers the status and the body, following a redirect unless told not to', async () => {
    expect(await fetchText(`${base}/ok`, request)).toEqual({ status: 200, text: 'hello' });
    expect(await fetchText(`${base}/moved`, request)).toEqual({ status: 200, text: 'hello' });
    const refused = await failure(fetchText(`${base}/moved`, { ...request, redirect: 'error' }));
    expect(refused).toMatchObject({ kind: 'network' });
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    for (const path of ['/declared-large', '/streamed-large']) {
      const error = await failure(fetchText(`${base}${path}`, request));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ kind: 'too-large', message: 'too-large' });
    }
  });

  it('fails as a timeout past its own deadline', async () => {
    const error = await failure(fetchText(`${base}/silent`, { ...request, timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', message: 'timeout' });
  });

  it("rethrows the caller's own cancellation as is", async () => {
    const caller = new AbortController();
    const pending = failure(fetchText(`${base}/silent`, { ...request, signal: caller.signal }));
    const reason = new Error('race lost');
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it('names the network error by its code', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    const error = await failure(fetchText(`http://127.0.0.1:${port}/`, request));
    expect(error).toMatchObject({ kind: 'network', message: 'network: ECONNREFUSED' });
  });
});
