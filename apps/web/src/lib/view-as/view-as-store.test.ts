// @vitest-environment node
import '../test-storage.ts';
import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClients } from '../api/clients.ts';
import { sendJson, startTestServer, type TestServer } from '../api/test-server.ts';
import { getCurrentOrganizationId, setCurrentOrganizationId } from '../session/organization-store.ts';
import {
  getAccessToken,
  getUser,
  hasSessionEnded,
  isAuthenticated,
  logout,
  setSession,
  subscribe,
} from '../session/session-store.ts';
import { createTestToken } from '../session/test-tokens.ts';
import { endViewAs, getLastViewAsEnd, getViewAs, startViewAs, type ViewAs } from './view-as-store.ts';

/**
 * Issue 26, "view as customer": the customer's token stands in for the staff member's session in this tab only,
 * and ending the view (by hand, at its expiry, on a sign-out) gives the tab back to the staff member's own
 * session, which was never touched.
 */
let server: TestServer;
let answer: { status: number; body: unknown };

beforeAll(async () => {
  server = await startTestServer();
  server.handle((request, response) =>
    request.url === '/api/auth/token/refresh'
      ? sendJson(response, 500, { message: 'no refresh expected' })
      : sendJson(response, answer.status, answer.body),
  );
});
afterAll(() => server.close());

const staffToken = createTestToken({ sub: 'staff-1', email: 'ops@cotacep.dev', given_name: 'Olga' });
const customerClaims = { sub: 'customer-1', email: 'ana@loja.com', given_name: 'Ana' };
const view = (accessToken = createTestToken(customerClaims, 1800)): ViewAs => ({
  impersonationId: 'imp-1',
  accessToken,
  expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
  user: { userId: 'customer-1', name: 'Ana Loja', email: 'ana@loja.com' },
  organizationId: 'org-customer',
  organizationName: 'Loja da Ana',
  returnTo: '/admin/customers/org-customer',
});

const create = () => createApiClients({ baseUrl: `${server.url}/api`, getLanguage: () => 'en' });
const storedSession = () =>
  [STORAGE_KEYS.user, STORAGE_KEYS.token, STORAGE_KEYS.session].map((key) => localStorage.getItem(key));

beforeEach(() => {
  server.requests.length = 0;
  answer = { status: 200, body: { ok: true } };
  setSession({ accessToken: staffToken, refreshToken: 'staff-refresh' });
  setCurrentOrganizationId('org-staff');
});

describe('view as customer: the tab shows the customer, the staff session waits untouched', () => {
  it('sends the customer token and organization, shows the customer, and leaves the stored session as it was', async () => {
    const before = storedSession();
    const customer = view();
    startViewAs(customer);

    expect(getAccessToken()).toBe(customer.accessToken);
    expect(getUser()).toMatchObject(customerClaims);
    expect(getCurrentOrganizationId()).toBe('org-customer');
    expect(storedSession()).toEqual(before);
    expect(localStorage.getItem('organization')).toBe('org-staff');

    await create().apiClient.get('/usage');
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${customer.accessToken}`);
    expect(request?.headers['x-organization']).toBe('org-customer');
  });

  it('ending the view gives the tab back to the staff member: their token, their organization', async () => {
    const clients = create();
    startViewAs(view());
    endViewAs('ended');

    expect(getViewAs()).toBeNull();
    expect(getAccessToken()).toBe(staffToken);
    expect(getUser()).toMatchObject({ sub: 'staff-1' });
    expect(getCurrentOrganizationId()).toBe('org-staff');
    expect(getLastViewAsEnd()).toMatchObject({ reason: 'ended', view: { impersonationId: 'imp-1' } });
    await clients.apiClient.get('/admin/customers');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${staffToken}`);
    expect(server.requests[0]?.headers['x-organization']).toBe('org-staff');
  });

  it('a 401 to the customer token (the view expired or was ended) ends the view, never the staff session', async () => {
    answer = { status: 401, body: { code: 'Unauthorized', message: 'Authentication required' } };
    startViewAs(view());
    await expect(create().apiClient.get('/usage')).rejects.toMatchObject({ response: { status: 401 } });

    expect(getViewAs()).toBeNull();
    expect(getLastViewAsEnd()?.reason).toBe('expired');
    expect(getAccessToken()).toBe(staffToken);
    expect(isAuthenticated()).toBe(true);
    expect(hasSessionEnded()).toBe(false);
  });

  it('an expired customer token is sent as it is: never renewed with the staff member’s refresh token', async () => {
    const expired = createTestToken(customerClaims, -60);
    startViewAs(view(expired));
    await create().apiClient.get('/usage');

    expect(server.requests.map((request) => request.url)).toEqual(['/api/usage']);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${expired}`);
  });

  it('a read-only refusal (403) leaves the view in place', async () => {
    answer = { status: 403, body: { code: 'ViewAsReadOnly', message: 'read-only' } };
    startViewAs(view());
    await expect(create().apiClient.post('/keys', {})).rejects.toMatchObject({ response: { status: 403 } });
    expect(getViewAs()?.impersonationId).toBe('imp-1');
  });

  it('ends with a sign-out or another sign-in in the tab', () => {
    startViewAs(view());
    logout();
    expect(getViewAs()).toBeNull();
    expect(getLastViewAsEnd()?.reason).toBe('signedOut');

    setSession({ accessToken: staffToken });
    startViewAs(view());
    setSession({ accessToken: createTestToken({ sub: 'someone-else' }) });
    expect(getViewAs()).toBeNull();
    expect(getUser()).toMatchObject({ sub: 'someone-else' });
  });

  it('keeps the staff member’s organization choice when the customer’s screens try to switch', () => {
    startViewAs(view());
    setCurrentOrganizationId('org-other');
    expect(getCurrentOrganizationId()).toBe('org-customer');
    endViewAs('ended');
    expect(getCurrentOrganizationId()).toBe('org-staff');
    expect(localStorage.getItem('organization')).toBe('org-staff');
  });

  it('refuses a malformed token and stores nothing', () => {
    expect(() => startViewAs(view('not-a-jwt'))).toThrow();
    expect(getViewAs()).toBeNull();
    expect(sessionStorage.getItem('viewAs')).toBeNull();
  });

  it('tells the session’s subscribers (the header, the bearer header) when a view starts and ends', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribe(() => seen.push(getAccessToken()));
    const customer = view();
    startViewAs(customer);
    endViewAs('ended');
    unsubscribe();
    expect(seen).toEqual([customer.accessToken, staffToken]);
  });
});
