// @vitest-environment node
import '../test-storage.ts';
import axios, { AxiosError } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, normalizeError } from './normalize-error.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Has the real server answer with this status and raw body, and returns what axios rejected with. */
async function failWith(status: number, body: string, contentType = 'application/json'): Promise<unknown> {
  server.handle((_request, response) => {
    response.writeHead(status, body ? { 'Content-Type': contentType } : {}).end(body);
  });
  return axios.get(`${server.url}/x`).then(
    () => expect.unreachable('the request should fail'),
    (error: unknown) => error,
  );
}

describe('normalizeError (spec §8)', () => {
  it('exports the two fallback texts of the spec', () => {
    expect(FALLBACK_ERROR_MESSAGE).toBe('Something went wrong');
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error');
  });

  it('uses the body message when it is a string', async () => {
    const error = await failWith(
      409,
      JSON.stringify({ code: 'EmailTaken', message: 'Já existe', error: 'x' }),
    );
    expect(normalizeError(error)).toEqual({ status: 409, message: 'Já existe' });
  });

  it('uses the first validation item of a ZodError', async () => {
    const body = {
      code: 'ZodError',
      message: [{ message: 'Informe seu e-mail' }, { message: 'Senha curta' }],
    };
    expect(normalizeError(await failWith(400, JSON.stringify(body)))).toEqual({
      status: 400,
      message: 'Informe seu e-mail',
    });
  });

  it('falls back to the error field when there is no usable message', async () => {
    const empty = { code: 'ZodError', message: [], error: 'Bad Request' };
    expect(normalizeError(await failWith(400, JSON.stringify(empty)))).toEqual({
      status: 400,
      message: 'Bad Request',
    });
    expect(normalizeError(await failWith(403, JSON.stringify({ error: 'Forbidden' })))).toEqual({
      status: 403,
      message: 'Forbidden',
    });
  });

  it('falls back to "Something went wrong" for an empty, foreign or unreadable body', async () => {
    for (const [status, body, type] of [
      [404, '', 'application/json'],
      [400, '{}', 'application/json'],
      [400, JSON.stringify({ message: 42, error: { nested: true } }), 'application/json'],
      [502, '<html>Bad gateway</html>', 'text/html'],
    ] as const) {
      expect(normalizeError(await failWith(status, body, type))).toEqual({
        status,
        message: FALLBACK_ERROR_MESSAGE,
      });
    }
  });

  it('answers 500 "Network error" when there is no response at all', async () => {
    const closed = await startTestServer();
    await closed.close();
    const error = await axios.get(`${closed.url}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect(normalizeError(error)).toEqual({ status: 500, message: NETWORK_ERROR_MESSAGE });
    expect(normalizeError(new TypeError('boom'))).toEqual({ status: 500, message: NETWORK_ERROR_MESSAGE });
    expect(normalizeError(undefined)).toEqual({ status: 500, message: NETWORK_ERROR_MESSAGE });
  });

  it('leaves an already normalised error as it is', () => {
    expect(normalizeError({ status: 404, message: 'Not found' })).toEqual({
      status: 404,
      message: 'Not found',
    });
  });
});
