// @vitest-environment node
import '../test-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClients } from './clients.ts';
import { createRequestHelper, type RequestHelper, withQuery } from './request.ts';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let helper: RequestHelper;

beforeAll(async () => {
  server = await startTestServer();
  const { apiClient } = createApiClients({
    baseUrl: server.url,
    getLanguage: () => 'en',
    retryDelayUnitMs: 10,
  });
  helper = createRequestHelper(apiClient);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  // Echo what arrived, so each test sees the request as the server saw it.
  server.handle((request, response) =>
    sendJson(response, 200, { method: request.method, url: request.url, body: request.body.toString() }),
  );
});

const formOf = (request: RecordedRequest) =>
  new Response(new Uint8Array(request.body), {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();

describe('request helper (spec §7)', () => {
  it('joins query parameters as key=value, encoded, leaving out empty ones', async () => {
    await expect(
      helper.get('/usage', {
        from: '2025-01-01',
        page: 2,
        all: true,
        q: 'são paulo&x=1',
        skip: undefined,
        none: null,
      }),
    ).resolves.toMatchObject({ url: '/usage?from=2025-01-01&page=2&all=true&q=s%C3%A3o%20paulo%26x%3D1' });
    expect(withQuery('/usage?a=1', { b: 2 })).toBe('/usage?a=1&b=2');
    expect(withQuery('/usage', {})).toBe('/usage');
    expect(withQuery('/usage')).toBe('/usage');
  });

  it('getAll sends the GETs in parallel and answers in the order asked', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    server.handle(async (request, response) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, request.url === '/a' ? 120 : 20));
      inFlight -= 1;
      sendJson(response, 200, { url: request.url });
    });
    await expect(helper.getAll(['/a', '/b', '/c'])).resolves.toEqual([
      { url: '/a' },
      { url: '/b' },
      { url: '/c' },
    ]);
    expect(maxInFlight).toBe(3);
  });

  it('getAll rejects with the normalised error of a failing GET', async () => {
    server.handle((request, response) =>
      request.url === '/b'
        ? sendJson(response, 404, { message: 'Não encontrado' })
        : sendJson(response, 200, {}),
    );
    await expect(helper.getAll(['/a', '/b'])).rejects.toEqual({ status: 404, message: 'Não encontrado' });
  });

  it('sends POST, PUT, PATCH and DELETE with JSON bodies', async () => {
    const body = { description: 'site', enabled: true };
    await helper.post('/keys', body);
    await helper.put('/keys/1', body);
    await helper.patch('/keys/1', { enabled: false });
    await helper.del('/keys/1');
    await helper.del('/keys', { ids: [1, 2] });
    expect(server.requests.map((r) => [r.method, r.url, r.body.toString()])).toEqual([
      ['POST', '/keys', JSON.stringify(body)],
      ['PUT', '/keys/1', JSON.stringify(body)],
      ['PATCH', '/keys/1', '{"enabled":false}'],
      ['DELETE', '/keys/1', ''],
      ['DELETE', '/keys', '{"ids":[1,2]}'],
    ]);
    for (const request of server.requests.filter((r) => r.body.length > 0)) {
      expect(request.headers['content-type']).toBe('application/json');
    }
  });

  it('resolves with the response body', async () => {
    server.handle((_request, response) => sendJson(response, 201, { id: 'k_1' }));
    await expect(helper.post('/keys', {})).resolves.toEqual({ id: 'k_1' });
  });

  it('postForm and patchForm send multipart data with every field appended', async () => {
    await helper.postForm('/account/document', {
      kind: 'cnpj',
      pages: 3,
      file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      skipped: undefined,
    });
    await helper.patchForm('/account', { firstName: 'Ana', lastName: 'Souza' });
    const [posted, patched] = server.requests;
    expect([posted?.method, patched?.method]).toEqual(['POST', 'PATCH']);
    expect(posted?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const postedForm = await formOf(posted!);
    expect([...postedForm.keys()]).toEqual(['kind', 'pages', 'file']);
    expect(postedForm.get('pages')).toBe('3');
    expect(await (postedForm.get('file') as Blob).text()).toBe('%PDF-1.7');
    const patchedForm = await formOf(patched!);
    expect(Object.fromEntries(patchedForm)).toEqual({ firstName: 'Ana', lastName: 'Souza' });
  });

  it('rejects every method with { status, message }', async () => {
    server.handle((_request, response) =>
      sendJson(response, 422, { code: 'ZodError', message: [{ message: 'Informe o nome' }] }),
    );
    const expected = { status: 422, message: 'Informe o nome' };
    await expect(helper.get('/x')).rejects.toEqual(expected);
    await expect(helper.post('/x', {})).rejects.toEqual(expected);
    await expect(helper.put('/x', {})).rejects.toEqual(expected);
    await expect(helper.patch('/x', {})).rejects.toEqual(expected);
    await expect(helper.del('/x')).rejects.toEqual(expected);
    await expect(helper.postForm('/x', { a: '1' })).rejects.toEqual(expected);
    await expect(helper.patchForm('/x', { a: '1' })).rejects.toEqual(expected);
  });
});
