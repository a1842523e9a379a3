import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationInvitations } from '#server/db/schema/organization-invitations.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { uniqueEmail } from '#server/test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { accept, callAs, createOrganization, invite, joinAs } from './test-support/organization-client.ts';
import { membershipsOf, organizationState } from './test-support/organization-state.ts';

// The races an attacker (or two hurried colleagues) starts on purpose. On PostgreSQL (TEST_DATABASE_URL) the
// requests really overlap on several connections; the organization's row lock is what keeps them apart.
let test: IdentityTestApp;

beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
});
afterAll(() => test.close());

const ROUNDS = 3;

describe('races', () => {
  it('accepts one invitation sent twice at once exactly once; the other gets 410', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await createAccount(test.app, test.database.db);
      const invitee = await createAccount(test.app, test.database.db);
      const { token } = await invite(test, owner, owner.organizationId, invitee.email, 'developer');

      const answers = await Promise.all([accept(test, invitee, token), accept(test, invitee, token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
      expect(answers.find((answer) => answer.statusCode === 410)?.json().code).toBe('InvitationInvalid');
      const memberships = await test.database.db
        .select()
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, owner.organizationId),
            eq(organizationMembers.userId, invitee.userId),
          ),
        );
      expect(memberships).toHaveLength(1);
      expect(memberships[0]?.role).toBe('developer');
    }
  });

  it('creates exactly one of two invitations for the last seat sent at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Free: two seats, the Owner takes one.
      const owner = await createAccount(test.app, test.database.db);
      const addresses = [uniqueEmail('corrida.a'), uniqueEmail('corrida.b')];
      const answers = await Promise.all(
        addresses.map((email) =>
          callAs(test.app, owner, 'POST', `/api/organizations/${owner.organizationId}/invitations`, {
            payload: { email, role: 'viewer' },
            language: 'en',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
      expect(answers.find((answer) => answer.statusCode === 403)?.json().code).toBe('SeatLimitReached');
      const { invitations } = await organizationState(test.database.db, owner.organizationId);
      expect(invitations).toHaveLength(1);
    }
  });

  it('invites one address twice at once only once', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const email = uniqueEmail('duas.vezes');
    const answers = await Promise.all(
      [0, 1].map(() =>
        callAs(test.app, owner, 'POST', `/api/organizations/${owner.organizationId}/invitations`, {
          payload: { email, role: 'viewer' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await test.database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.email, email));
    expect(rows).toHaveLength(1);
  });

  it('keeps an Owner when two Owners demote each other at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await createAccount(test.app, test.database.db, { plan: 'pro' });
      const id = first.organizationId;
      const second = await joinAs(test, first, id, 'owner');
      const memberUrl = (userId: string) => `/api/organizations/${id}/members/${userId}`;

      const answers = await Promise.all([
        callAs(test.app, first, 'PATCH', memberUrl(second.userId), { payload: { role: 'admin' } }),
        callAs(test.app, second, 'PATCH', memberUrl(first.userId), { payload: { role: 'admin' } }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses).toContain(200);
      const { members } = await organizationState(test.database.db, id);
      expect(members.filter((member) => member.role === 'owner')).toHaveLength(1);
    }
  });

  it('keeps an Owner when two Owners remove each other at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await createAccount(test.app, test.database.db, { plan: 'pro' });
      const id = first.organizationId;
      const second = await joinAs(test, first, id, 'owner');
      const memberUrl = (userId: string) => `/api/organizations/${id}/members/${userId}`;

      await Promise.all([
        callAs(test.app, first, 'DELETE', memberUrl(second.userId)),
        callAs(test.app, second, 'DELETE', memberUrl(first.userId)),
      ]);
      const { members } = await organizationState(test.database.db, id);
      expect(members.filter((member) => member.role === 'owner')).toHaveLength(1);
    }
  });

  it('keeps an Owner when the last two Owners leave at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await createAccount(test.app, test.database.db, { plan: 'pro' });
      const id = first.organizationId;
      const second = await joinAs(test, first, id, 'owner');
      const memberUrl = (userId: string) => `/api/organizations/${id}/members/${userId}`;

      const answers = await Promise.all([
        callAs(test.app, first, 'DELETE', memberUrl(first.userId)),
        callAs(test.app, second, 'DELETE', memberUrl(second.userId)),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      const { members } = await organizationState(test.database.db, id);
      expect(members.filter((member) => member.role === 'owner')).toHaveLength(1);
    }
  });

  it('deletes an organization while its invitation is accepted without a server error', async () => {
    for (let round = 0; round < ROUNDS * 2; round++) {
      const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
      const doomed = await createOrganization(test.app, owner, `Efêmera ${round}`);
      const invitee = await createAccount(test.app, test.database.db);
      const { token } = await invite(test, owner, doomed.id, invitee.email, 'developer');

      const [accepted, deleted] = await Promise.all([
        accept(test, invitee, token),
        callAs(test.app, owner, 'DELETE', `/api/organizations/${doomed.id}`),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect([200, 410], accepted.body).toContain(accepted.statusCode);
      expect((await organizationState(test.database.db, doomed.id)).organization).toBeNull();
      expect(await membershipsOf(test.database.db, invitee.userId)).toEqual([
        { organizationId: invitee.organizationId, role: 'owner' },
      ]);
    }
  });
});
