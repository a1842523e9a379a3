// @vitest-environment node
import '../test-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAccessToken, hasSessionEnded, setSession } from '../session/session-store.ts';
import { createTestToken } from '../session/test-tokens.ts';
import { createApiClients } from './clients.ts';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let answer: { status: number; body: unknown; onAnswer?: () => void };

beforeAll(async () => {
  server = await startTestServer();
  server.handle((_request, response) => {
    answer.onAnswer?.();
    sendJson(response, answer.status, answer.body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setSession({ accessToken: createTestToken({ sub: 'user-1' }), refreshToken: 'r1' });
});

const create = () => createApiClients({ baseUrl: `${server.url}/api`, getLanguage: () => 'en' });
const refused = { code: 'Unauthorized', message: 'Authentication required' };

describe('a 401 from the auth guard (issue 23: a session ended elsewhere)', () => {
  it('forgets the stored session and marks it ended, so the login can say why', async () => {
    answer = { status: 401, body: refused };
    await expect(create().apiClient.get('/billing')).rejects.toMatchObject({ response: { status: 401 } });
    expect(getAccessToken()).toBeNull();
    expect(hasSessionEnded()).toBe(true);
  });

  it('keeps the session for any other 401 (a wrong current password)', async () => {
    answer = { status: 401, body: { code: 'NotAuthorized', message: 'Incorrect username or password.' } };
    await expect(create().apiClient.put('/account/password', {})).rejects.toBeTruthy();
    expect(getAccessToken()).not.toBeNull();
    expect(hasSessionEnded()).toBe(false);
  });

  it('keeps a newer session: a late 401 for a token another sign-in has replaced changes nothing', async () => {
    const newer = createTestToken({ sub: 'user-1', given_name: 'again' });
    answer = { status: 401, body: refused, onAnswer: () => setSession({ accessToken: newer }) };
    await expect(create().apiClient.get('/billing')).rejects.toBeTruthy();
    expect(getAccessToken()).toBe(newer);
    expect(hasSessionEnded()).toBe(false);
  });

  it('signing in again clears the mark', async () => {
    answer = { status: 401, body: refused };
    await expect(create().apiClient.get('/billing')).rejects.toBeTruthy();
    setSession({ accessToken: createTestToken({ sub: 'user-1' }) });
    expect(hasSessionEnded()).toBe(false);
  });
});
