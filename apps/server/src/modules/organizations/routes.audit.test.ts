import type { AuditEventName } from '@cotacep/shared/audit-events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { uniqueEmail } from '#server/test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { enrolTotp, useTotpClock } from '#server/test/totp.ts';
import { verifyAuditLog } from '../audit/verify.ts';
import { accept, callAs, createOrganization, invite, joinAs } from './test-support/organization-client.ts';

/**
 * Issue 26: the organization, its members and its invitations changed are on the record, each entry written
 * in the change's own transaction; a change refused by a rule leaves none.
 */
useTotpClock();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
});
afterAll(() => test.close());

const ORGANIZATION_EVENTS: AuditEventName[] = [
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
];
const entriesOf = (organizationId: string) =>
  auditEntriesOf(test.database.db, { organizationId, events: ORGANIZATION_EVENTS });
const tokenOf = (account: TestAccount) => account.headers.authorization!.replace('Bearer ', '');
const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;

/** A new organization of `owner` on Business (seats to spare). */
async function businessOrganization(owner: TestAccount, name: string) {
  const organization = await createOrganization(test.app, owner, name);
  await test.database.db
    .update(organizations)
    .set({ plan: 'business' })
    .where(eq(organizations.id, organization.id));
  return organization;
}

describe('the organization itself', () => {
  it('records its creation, a rename and the two-step rule, by the person who did them', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await createOrganization(test.app, owner, 'Loja Azul');
    const url = `/api/organizations/${organization.id}`;
    await enrolTotp(test.app, tokenOf(owner));
    expect(
      (await callAs(test.app, owner, 'PATCH', url, { payload: { name: 'Loja Verde' } })).statusCode,
    ).toBe(200);
    expect(
      (await callAs(test.app, owner, 'PATCH', url, { payload: { requireTwoFactor: true } })).statusCode,
    ).toBe(200);
    // Nothing moved: nothing recorded.
    expect(
      (await callAs(test.app, owner, 'PATCH', url, { payload: { name: 'Loja Verde' } })).statusCode,
    ).toBe(200);
    const recorded = await entriesOf(organization.id);
    expect(recorded.map((entry) => [entry.event, entry.details])).toEqual([
      ['organization.created', { name: 'Loja Azul' }],
      ['organization.updated', { changed: 'name', name: 'Loja Verde' }],
      ['organization.updated', { changed: 'requireTwoFactor', requireTwoFactor: true }],
    ]);
    for (const entry of recorded) {
      expect(entry).toMatchObject({
        actorType: 'user',
        actorId: owner.userId,
        targetType: 'organization',
        targetId: organization.id,
      });
    }
  });

  it('records nothing for a change refused by a rule', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await businessOrganization(owner, 'Regras');
    const admin = await joinAs(test, owner, organization.id, 'admin');
    const url = `/api/organizations/${organization.id}`;
    const before = await entriesOf(organization.id);
    const refused = [
      await callAs(test.app, owner, 'PATCH', url, { payload: { requireTwoFactor: true } }),
      await callAs(test.app, admin, 'PATCH', url, { payload: { requireTwoFactor: false } }),
      await callAs(test.app, owner, 'PATCH', url, { payload: {} }),
      await callAs(test.app, admin, 'DELETE', url),
    ];
    expect(refused.map(codeOf)).toEqual([
      'TwoFactorNotEnabled',
      'PermissionDenied',
      'ZodError',
      'PermissionDenied',
    ]);
    expect(await entriesOf(organization.id)).toEqual(before);
  });

  it('records its deletion, and the entry outlives it', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await createOrganization(test.app, owner, 'Efêmera');
    const response = await callAs(test.app, owner, 'DELETE', `/api/organizations/${organization.id}`);
    expect(response.statusCode).toBe(204);
    const recorded = await entriesOf(organization.id);
    expect(recorded.at(-1)).toMatchObject({
      event: 'organization.deleted',
      actorId: owner.userId,
      organizationId: organization.id,
      details: { name: 'Efêmera', members: 1 },
    });
  });
});

describe('invitations', () => {
  it('records an invitation created, resent, revoked and accepted, with its role and address', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await businessOrganization(owner, 'Convites');
    const base = `/api/organizations/${organization.id}/invitations`;
    const revokedEmail = uniqueEmail('revoked');
    const { invitation: toRevoke } = await invite(test, owner, organization.id, revokedEmail, 'viewer');
    expect((await callAs(test.app, owner, 'POST', `${base}/${toRevoke.id}/resend`)).statusCode).toBe(204);
    expect((await callAs(test.app, owner, 'DELETE', `${base}/${toRevoke.id}`)).statusCode).toBe(204);
    const invitee = await createAccount(test.app, test.database.db);
    const { invitation, token } = await invite(test, owner, organization.id, invitee.email, 'developer');
    expect((await accept(test, invitee, token)).statusCode).toBe(200);

    const recorded = (await entriesOf(organization.id)).filter((entry) =>
      entry.event.startsWith('invitation.'),
    );
    expect(recorded.map((entry) => [entry.event, entry.targetId, entry.details])).toEqual([
      ['invitation.created', toRevoke.id, { role: 'viewer', email: revokedEmail }],
      ['invitation.resent', toRevoke.id, { role: 'viewer', email: revokedEmail }],
      ['invitation.revoked', toRevoke.id, { role: 'viewer', email: revokedEmail }],
      ['invitation.created', invitation.id, { role: 'developer', email: invitee.email }],
      ['invitation.accepted', invitation.id, { role: 'developer', email: invitee.email }],
    ]);
    expect(recorded.slice(0, 4).every((entry) => entry.actorId === owner.userId)).toBe(true);
    expect(recorded[4]).toMatchObject({ actorType: 'user', actorId: invitee.userId, userId: invitee.userId });
    expect(JSON.stringify(recorded)).not.toContain(token);
  });

  it('records nothing for an invitation refused', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await businessOrganization(owner, 'Recusas');
    const admin = await joinAs(test, owner, organization.id, 'admin');
    const base = `/api/organizations/${organization.id}/invitations`;
    const someone = await createAccount(test.app, test.database.db);
    const { token } = await invite(test, owner, organization.id, uniqueEmail('other'), 'viewer');
    const before = await entriesOf(organization.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = [
      await callAs(test.app, admin, 'POST', base, { payload: { email: uniqueEmail('o'), role: 'owner' } }),
      await callAs(test.app, owner, 'POST', base, { payload: { email: admin.email, role: 'viewer' } }),
      await callAs(test.app, owner, 'POST', base, { payload: { email: 'not an e-mail', role: 'viewer' } }),
      await callAs(test.app, owner, 'DELETE', `${base}/${missing}`),
      await callAs(test.app, owner, 'POST', `${base}/${missing}/resend`),
      await accept(test, someone, token),
      await accept(test, someone, 'not-a-real-token'),
    ];
    expect(refused.map(codeOf)).toEqual([
      'RoleNotAssignable',
      'AlreadyMember',
      'ZodError',
      'InvitationNotFound',
      'InvitationNotFound',
      'InvitationForAnotherEmail',
      'InvitationInvalid',
    ]);
    expect(await entriesOf(organization.id)).toEqual(before);
  });
});

describe('members', () => {
  it('records a role changed (from, to), a member removed and a member who left', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await businessOrganization(owner, 'Equipe');
    const developer = await joinAs(test, owner, organization.id, 'developer');
    const leaver = await joinAs(test, owner, organization.id, 'viewer');
    const members = `/api/organizations/${organization.id}/members`;
    const changed = await callAs(test.app, owner, 'PATCH', `${members}/${developer.userId}`, {
      payload: { role: 'viewer' },
    });
    expect(changed.statusCode).toBe(200);
    // The role it already has: nothing to record.
    await callAs(test.app, owner, 'PATCH', `${members}/${developer.userId}`, { payload: { role: 'viewer' } });
    expect((await callAs(test.app, owner, 'DELETE', `${members}/${developer.userId}`)).statusCode).toBe(204);
    expect((await callAs(test.app, leaver, 'DELETE', `${members}/${leaver.userId}`)).statusCode).toBe(204);

    const recorded = (await entriesOf(organization.id)).filter((entry) => entry.event.startsWith('member.'));
    expect(recorded.map((entry) => [entry.event, entry.actorId, entry.userId, entry.details])).toEqual([
      ['member.role_changed', owner.userId, developer.userId, { from: 'developer', to: 'viewer' }],
      ['member.removed', owner.userId, developer.userId, { role: 'viewer' }],
      ['member.left', leaver.userId, leaver.userId, { role: 'viewer' }],
    ]);
    expect(recorded.every((entry) => entry.targetType === 'user')).toBe(true);
  });

  it('records nothing for a role change or removal refused by a rule', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const organization = await businessOrganization(owner, 'Regras de membros');
    const admin = await joinAs(test, owner, organization.id, 'admin');
    const viewer = await joinAs(test, owner, organization.id, 'viewer');
    const members = `/api/organizations/${organization.id}/members`;
    const before = await entriesOf(organization.id);
    const refused = [
      await callAs(test.app, admin, 'PATCH', `${members}/${owner.userId}`, { payload: { role: 'viewer' } }),
      await callAs(test.app, admin, 'PATCH', `${members}/${viewer.userId}`, { payload: { role: 'owner' } }),
      await callAs(test.app, owner, 'PATCH', `${members}/${owner.userId}`, { payload: { role: 'admin' } }),
      await callAs(test.app, owner, 'PATCH', `${members}/${viewer.userId}`, { payload: { role: 'emperor' } }),
      await callAs(test.app, viewer, 'PATCH', `${members}/${admin.userId}`, { payload: { role: 'viewer' } }),
      await callAs(test.app, admin, 'DELETE', `${members}/${owner.userId}`),
      await callAs(test.app, owner, 'DELETE', `${members}/${owner.userId}`),
      await callAs(test.app, viewer, 'DELETE', `${members}/${admin.userId}`),
    ];
    expect(refused.map(codeOf)).toEqual([
      'RoleNotAssignable',
      'RoleNotAssignable',
      'LastOwner',
      'ZodError',
      'PermissionDenied',
      'RoleNotAssignable',
      'LastOwner',
      'PermissionDenied',
    ]);
    expect(await entriesOf(organization.id)).toEqual(before);
  });

  it('leaves a chain that verifies', async () => {
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
