// @vitest-environment node
import '../test-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClients } from './clients.ts';
import { createRequestHelper } from './request.ts';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const UNIT_MS = 20;
const create = (retryDelayUnitMs?: number) =>
  createApiClients({ baseUrl: server.url, getLanguage: () => 'pt-BR', retryDelayUnitMs });
const gaps = () => server.requests.slice(1).map((r, i) => r.receivedAt - server.requests[i]!.receivedAt);

describe('retries (spec §8)', () => {
  it('retries a 500 three times, waiting 1 s, 2 s and 3 s at the default unit', {
    timeout: 15_000,
  }, async () => {
    server.handle((_request, response) =>
      sendJson(response, 500, { code: 'InternalError', message: 'Boom' }),
    );
    const { get } = createRequestHelper(create().apiClient);
    await expect(get('/quotes')).rejects.toEqual({ status: 500, message: 'Boom' });
    expect(server.requests).toHaveLength(4);
    for (const [index, gap] of gaps().entries()) {
      expect(gap).toBeGreaterThanOrEqual((index + 1) * 1000 - 20);
      expect(gap).toBeLessThan((index + 1) * 1000 + 750);
    }
  });

  it('succeeds when a later attempt answers', async () => {
    server.handle((_request, response) =>
      server.requests.length < 3 ? sendJson(response, 503) : sendJson(response, 200, { rate: 5.1 }),
    );
    const { get } = createRequestHelper(create(UNIT_MS).apiClient);
    await expect(get('/quotes')).resolves.toEqual({ rate: 5.1 });
    expect(server.requests).toHaveLength(3);
    for (const [index, gap] of gaps().entries())
      expect(gap).toBeGreaterThanOrEqual((index + 1) * UNIT_MS - 5);
  });

  it.each([400, 401, 404, 422, 429])('does not retry a %i', async (status) => {
    server.handle((_request, response) => sendJson(response, status, { message: `status ${status}` }));
    const { get } = createRequestHelper(create(UNIT_MS).apiClient);
    await expect(get('/keys')).rejects.toEqual({ status, message: `status ${status}` });
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 3));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a dropped connection (no response) and gives up with "Network error"', async () => {
    server.handle((_request, response) => void response.socket?.destroy());
    const { get } = createRequestHelper(create(UNIT_MS).apiClient);
    await expect(get('/keys')).rejects.toEqual({ status: 500, message: 'Network error' });
    expect(server.requests).toHaveLength(4);
  });

  it('recovers when the connection comes back', async () => {
    server.handle((_request, response) =>
      server.requests.length === 1 ? void response.socket?.destroy() : sendJson(response, 200, { ok: 1 }),
    );
    const { get } = createRequestHelper(create(UNIT_MS).apiClient);
    await expect(get('/keys')).resolves.toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('retries every method on both clients, the auth client included', async () => {
    server.handle((_request, response) => sendJson(response, 502));
    const { authClient, apiClient } = create(UNIT_MS);
    await expect(createRequestHelper(apiClient).post('/keys', { a: 1 })).rejects.toMatchObject({
      status: 502,
    });
    await expect(authClient.post('login', {})).rejects.toMatchObject({ response: { status: 502 } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      ...Array(4).fill('POST /keys'),
      ...Array(4).fill('POST /auth/login'),
    ]);
    const keyBodies = server.requests.filter((r) => r.url === '/keys').map((r) => r.body.toString());
    expect(keyBodies).toEqual(Array(4).fill('{"a":1}'));
  });

  it('does not retry a request the caller cancelled', async () => {
    server.handle((_request, response) => {
      setTimeout(() => sendJson(response, 200, {}), 200);
    });
    const controller = new AbortController();
    const pending = create(UNIT_MS).apiClient.get('/slow', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    await new Promise((resolve) => setTimeout(resolve, UNIT_MS * 4));
    expect(server.requests).toHaveLength(1);
  });
});
