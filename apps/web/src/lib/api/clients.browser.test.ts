import { XSRF_COOKIE_NAME } from '@cotacep/shared/constants';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';

// In happy-dom axios takes its browser (XHR) path: cookies, the XSRF echo, blobs and multipart as a browser does.
let server: TestServer;
let helper: import('./request.ts').RequestHelper;

beforeAll(async () => {
  server = await startTestServer();
  // The page must be on the API's origin before axios loads: axios reads the page origin once, at import.
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/account`);
  const { createApiClients } = await import('./clients.ts');
  const { createRequestHelper } = await import('./request.ts');
  helper = createRequestHelper(createApiClients({ baseUrl: '/api', getLanguage: () => 'en' }).apiClient);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('the clients in a browser', () => {
  it('echoes the XSRF-TOKEN cookie the server set as the X-XSRF-TOKEN header', async () => {
    server.handle((request, response) => {
      if (request.url === '/api/session/xsrf') {
        response.setHeader('Set-Cookie', `${XSRF_COOKIE_NAME}=nonce.signature; Path=/; SameSite=Lax`);
      }
      sendJson(response, 200, { status: 'ok' });
    });
    await helper.get('/session/xsrf');
    expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined();
    await helper.post('/keys', { description: 'site' });
    await helper.del('/keys/1');
    for (const request of server.requests.slice(1)) {
      expect(request.headers['x-xsrf-token']).toBe('nonce.signature');
      expect(request.headers.cookie).toContain(`${XSRF_COOKIE_NAME}=nonce.signature`);
    }
  });

  it('getBlob returns the file bytes untouched', async () => {
    const bytes = [0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80];
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(Buffer.from(bytes));
    });
    const blob = await helper.getBlob('/invoices/1.pdf', { lang: 'en' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
    expect(server.requests[0]?.url).toBe('/api/invoices/1.pdf?lang=en');
  });

  it('getBlob still reports the server message when the download fails', async () => {
    server.handle((_request, response) =>
      sendJson(response, 404, { code: 'NotFound', message: 'Not found' }),
    );
    await expect(helper.getBlob('/invoices/missing.pdf')).rejects.toEqual({
      status: 404,
      message: 'Not found',
    });
  });

  it('postForm lets the browser write the multipart boundary', async () => {
    const received: FormData[] = [];
    server.handle(async (request, response) => {
      const contentType = request.headers['content-type'] ?? '';
      received.push(
        await new Response(new Uint8Array(request.body), {
          headers: { 'content-type': contentType },
        }).formData(),
      );
      sendJson(response, 200, { ok: true });
    });
    await helper.postForm('/account/avatar', {
      name: 'Ana',
      file: new Blob(['png-bytes'], { type: 'image/png' }),
    });
    expect(server.requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = received[0]!;
    expect(form.get('name')).toBe('Ana');
    expect(await (form.get('file') as Blob).text()).toBe('png-bytes');
  });
});
