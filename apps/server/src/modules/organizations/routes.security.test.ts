import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '#server/db/schema/auth-sessions.ts';
import { organizationInvitations } from '#server/db/schema/organization-invitations.ts';
import {
  ACCOUNT_PASSWORD,
  createAccount,
  createKey,
  GATEWAY_TEST_ENV,
  type TestAccount,
} from '#server/test/accounts.ts';
import { uniqueEmail } from '#server/test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import {
  accept,
  callAs,
  createOrganization,
  invite,
  joinAs,
  preview,
} from './test-support/organization-client.ts';
import { organizationState } from './test-support/organization-state.ts';

let test: IdentityTestApp;
/** Two customers: `a` (Pro) and `b` (Pro), and one person who is Owner in `a` and Viewer in `b`. */
let a: TestAccount;
let b: TestAccount;
let both: TestAccount;

beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
  a = await createAccount(test.app, test.database.db, { plan: 'pro' });
  b = await createAccount(test.app, test.database.db, { plan: 'pro' });
  both = await joinAs(test, a, a.organizationId, 'owner');
  const { token } = await invite(test, b, b.organizationId, both.email, 'viewer');
  expect((await accept(test, both, token)).statusCode).toBe(200);
});
afterAll(() => test.close());

const without = (response: LightMyRequestResponse) => {
  const { requestId, ...rest } = response.json() as Record<string, unknown>;
  return rest;
};

describe('another organization’s members, invitations and keys', () => {
  it('are out of reach through an organization where the caller may manage members (404)', async () => {
    const memberOfB = await joinAs(test, b, b.organizationId, 'developer');
    const { invitation, token } = await invite(test, b, b.organizationId, uniqueEmail('de.b'), 'viewer');
    const before = await organizationState(test.database.db, b.organizationId);
    const inA = `/api/organizations/${a.organizationId}`;
    for (const [method, url, payload, code] of [
      ['PATCH', `${inA}/members/${memberOfB.userId}`, { role: 'viewer' }, 'MemberNotFound'],
      ['DELETE', `${inA}/members/${memberOfB.userId}`, undefined, 'MemberNotFound'],
      ['DELETE', `${inA}/invitations/${invitation.id}`, undefined, 'InvitationNotFound'],
      ['POST', `${inA}/invitations/${invitation.id}/resend`, undefined, 'InvitationNotFound'],
    ] as const) {
      const response = await callAs(test.app, a, method, url, payload ? { payload } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe(code);
    }
    const listed = await callAs(test.app, a, 'GET', `${inA}/invitations`);
    expect(listed.body).not.toContain(invitation.id);
    expect(await organizationState(test.database.db, b.organizationId)).toEqual(before);
    expect((await preview(test, token)).statusCode).toBe(200);
  });

  it('keeps a key out of reach through the header of an organization where the caller may write (404)', async () => {
    const { key, secret } = await createKey(test.app, b);
    const project = (await callAs(test.app, b, 'GET', '/api/projects')).json().items[0].id as string;
    const before = await organizationState(test.database.db, b.organizationId);
    for (const [method, url, payload] of [
      ['GET', `/api/keys/${key.id}`],
      ['PATCH', `/api/keys/${key.id}`, { enabled: false }],
      ['POST', `/api/keys/${key.id}/rotate`, {}],
      ['DELETE', `/api/keys/${key.id}`],
      ['GET', `/api/projects/${project}`],
      ['PATCH', `/api/projects/${project}`, { name: 'Tomado' }],
      ['DELETE', `/api/projects/${project}`],
    ] as const) {
      const response = await callAs(test.app, both, method, url, {
        organizationId: a.organizationId,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Where the key lives, the same person is a Viewer: reading yes, changing no.
    const read = await callAs(test.app, both, 'GET', `/api/keys/${key.id}`, {
      organizationId: b.organizationId,
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    const change = await callAs(test.app, both, 'PATCH', `/api/keys/${key.id}`, {
      organizationId: b.organizationId,
      payload: { enabled: false },
    });
    expect(change.statusCode).toBe(403);
    expect(await organizationState(test.database.db, b.organizationId)).toEqual(before);
    const call = await test.app.inject({
      url: '/quotes/json/last/USD-BRL',
      headers: { 'x-api-key': secret },
    });
    expect(call.statusCode).toBe(200);
  });

  it('acts on the organization in the path, whatever X-Organization says', async () => {
    const before = await organizationState(test.database.db, b.organizationId);
    const rename = await callAs(test.app, both, 'PATCH', `/api/organizations/${b.organizationId}`, {
      organizationId: a.organizationId,
      payload: { name: 'Tomada' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('PermissionDenied');
    const invitation = await callAs(
      test.app,
      both,
      'POST',
      `/api/organizations/${b.organizationId}/invitations`,
      {
        organizationId: a.organizationId,
        payload: { email: uniqueEmail('cavalo.de.troia'), role: 'owner' },
      },
    );
    expect(invitation.statusCode).toBe(403);
    expect(await organizationState(test.database.db, b.organizationId)).toEqual(before);
  });

  it('says nothing of an organization to someone removed from it (404, as for one that never existed)', async () => {
    const removed = await joinAs(test, b, b.organizationId, 'admin');
    const kick = await callAs(
      test.app,
      b,
      'DELETE',
      `/api/organizations/${b.organizationId}/members/${removed.userId}`,
    );
    expect(kick.statusCode).toBe(204);
    for (const url of [
      `/api/organizations/${b.organizationId}`,
      `/api/organizations/${b.organizationId}/members`,
    ]) {
      const response = await callAs(test.app, removed, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('OrganizationNotFound');
    }
    const keys = await callAs(test.app, removed, 'GET', '/api/keys', { organizationId: b.organizationId });
    expect(keys.statusCode).toBe(404);
  });
});

describe('invitation secrets', () => {
  it('never appear in an API answer, nor does their hash', async () => {
    const email = uniqueEmail('segredo');
    const created = await callAs(test.app, a, 'POST', `/api/organizations/${a.organizationId}/invitations`, {
      payload: { email, role: 'developer' },
    });
    expect(created.statusCode).toBe(201);
    const invitationId = created.json().id as string;
    const first = (await test.smtp.waitFor(email)).text;
    const resent = await callAs(
      test.app,
      a,
      'POST',
      `/api/organizations/${a.organizationId}/invitations/${invitationId}/resend`,
    );
    expect(resent.statusCode).toBe(204);
    const mail = await test.smtp.waitFor(email, (each) => each.text !== first);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
    const [row] = await test.database.db
      .select({ tokenHash: organizationInvitations.tokenHash })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, invitationId));

    const answers = [
      created,
      resent,
      await callAs(test.app, a, 'GET', `/api/organizations/${a.organizationId}/invitations`),
      await callAs(test.app, a, 'GET', `/api/organizations/${a.organizationId}`),
      await callAs(test.app, a, 'GET', `/api/organizations/${a.organizationId}/members`),
      await callAs(test.app, a, 'GET', '/api/organizations'),
      await preview(test, token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain(row!.tokenHash);
      expect(answer.body).not.toMatch(/token/i);
    }
  });

  it('cannot be accepted without signing in', async () => {
    const { token } = await invite(test, a, a.organizationId, uniqueEmail('anonimo'), 'viewer');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(response.statusCode).toBe(401);
    expect((await preview(test, token)).statusCode).toBe(200);
  });

  it('tell nothing more for an unknown link than for a used, revoked or expired one', async () => {
    const used = await invite(test, a, a.organizationId, uniqueEmail('usado'), 'viewer');
    const revoked = await invite(test, a, a.organizationId, uniqueEmail('revogado'), 'viewer');
    const expired = await invite(test, a, a.organizationId, uniqueEmail('expirado'), 'viewer');
    await test.database.db
      .update(organizationInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(organizationInvitations.id, used.invitation.id));
    expect(
      (
        await callAs(
          test.app,
          a,
          'DELETE',
          `/api/organizations/${a.organizationId}/invitations/${revoked.invitation.id}`,
        )
      ).statusCode,
    ).toBe(204);
    await test.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(organizationInvitations.id, expired.invitation.id));

    for (const language of ['pt-BR', 'en']) {
      const unknown = await preview(test, 'x'.repeat(43), language);
      expect(unknown.statusCode).toBe(410);
      for (const token of [used.token, revoked.token, expired.token]) {
        const answer = await preview(test, token, language);
        expect(answer.statusCode).toBe(410);
        expect(without(answer)).toEqual(without(unknown));
        expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      }
    }
  });
});

/** The session behind `who`'s Bearer last proved its user 11 minutes ago (the window is 10). */
async function provenLongAgo(who: TestAccount) {
  const sessionId = decodeJwt(who.headers.authorization!.slice('Bearer '.length)).sid as string;
  await test.database.db
    .update(authSessions)
    .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(authSessions.id, sessionId));
}

describe('an Owner’s bare access token', () => {
  it('cannot delete the organization, change a role, remove a member or change the two-step rule (403, nothing changes)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const spare = await createOrganization(test.app, owner, 'Spare Ltda');
    const developer = await joinAs(test, owner, owner.organizationId, 'developer');
    await provenLongAgo(owner);
    const state = async () => ({
      main: await organizationState(test.database.db, owner.organizationId),
      spare: await organizationState(test.database.db, spare.id),
    });
    const before = await state();
    const inMain = `/api/organizations/${owner.organizationId}`;
    for (const [method, url, payload] of [
      ['DELETE', `/api/organizations/${spare.id}`, undefined],
      ['PATCH', `${inMain}/members/${developer.userId}`, { role: 'admin' }],
      ['DELETE', `${inMain}/members/${developer.userId}`, undefined],
      ['PATCH', inMain, { requireTwoFactor: false }],
    ] as const) {
      const response = await callAs(test.app, owner, method, url, {
        ...(payload ? { payload } : {}),
        language: 'en',
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'ReauthenticationRequired', methods: ['password'] });
    }
    expect(await state()).toEqual(before);

    // What changes no protection stays open: renaming, and a member leaving on their own.
    const renamed = await callAs(test.app, owner, 'PATCH', inMain, { payload: { name: 'Renamed Ltda' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await provenLongAgo(developer);
    const left = await callAs(test.app, developer, 'DELETE', `${inMain}/members/${developer.userId}`);
    expect(left.statusCode, left.body).toBe(204);

    // Once the password is confirmed, the same request goes through.
    const reauth = await callAs(test.app, owner, 'POST', '/api/account/reauthenticate', {
      payload: { password: ACCOUNT_PASSWORD },
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    const deleted = await callAs(test.app, owner, 'DELETE', `/api/organizations/${spare.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('is refused for want of the permission first: a Viewer is told PermissionDenied, not asked to prove who they are', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const viewer = await joinAs(test, owner, owner.organizationId, 'viewer');
    await provenLongAgo(viewer);
    const response = await callAs(test.app, viewer, 'DELETE', `/api/organizations/${owner.organizationId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PermissionDenied');
  });
});
