import type { ApiKey, KeyList } from '@cotacep/shared/key-schemas';
import type {
  Invitation,
  InvitationList,
  Member,
  MemberList,
  Organization,
  OrganizationList,
} from '@cotacep/shared/organization-schemas';
import type { ProjectList } from '@cotacep/shared/project-schemas';
import { PERMISSIONS } from '@cotacep/shared/roles';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { users } from '#server/db/schema/users.ts';
import { DAY_MS } from '#server/lib/time.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { logIn, signUp, uniqueEmail } from '#server/test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { readCode } from '#server/test/smtp-sink.ts';
import {
  accept,
  callAs,
  createOrganization,
  invitationToken,
  invite,
  joinAs,
  preview,
} from './test-support/organization-client.ts';

const PUBLIC_URL = 'http://localhost:3000';
const QUOTE = '/quotes/json/last/USD-BRL';
let test: IdentityTestApp;
let owner: TestAccount;
let organizationId: string;

beforeAll(async () => {
  test = await createIdentityTestApp({ ...GATEWAY_TEST_ENV, PUBLIC_URL });
  owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
  organizationId = owner.organizationId;
});
afterAll(() => test.close());

const call = (
  who: Pick<TestAccount, 'headers'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: object; language?: string; organizationId?: string } = {},
) => callAs(test.app, who, method, url, options);

const members = async (who: TestAccount = owner, id = organizationId) => {
  const response = await call(who, 'GET', `/api/organizations/${id}/members`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MemberList).items;
};

const pending = async (id = organizationId) => {
  const response = await call(owner, 'GET', `/api/organizations/${id}/invitations`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as InvitationList).items;
};

const callApi = (secret: string) =>
  test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': secret } });

describe('organizations', () => {
  it('lists the account’s own organization as its default, with every permission and its seats', async () => {
    const response = await call(owner, 'GET', '/api/organizations');
    expect(response.statusCode).toBe(200);
    expect((response.json() as OrganizationList).items).toEqual([
      {
        id: organizationId,
        name: 'Gi Lima',
        plan: 'pro',
        role: 'owner',
        permissions: [...PERMISSIONS],
        seats: { used: 1, limit: 10 },
        isDefault: true,
        requireTwoFactor: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('creates a new organization on Free, reads it and renames it', async () => {
    const created = await createOrganization(test.app, owner, '  Filial Recife  ');
    expect(created).toMatchObject({
      name: 'Filial Recife',
      plan: 'free',
      role: 'owner',
      seats: { used: 1, limit: 2 },
      isDefault: false,
    });
    expect(created.id).not.toBe(organizationId);

    const list = (await call(owner, 'GET', '/api/organizations')).json() as OrganizationList;
    expect(list.items.map((each) => [each.id, each.isDefault])).toEqual([
      [organizationId, true],
      [created.id, false],
    ]);
    const read = await call(owner, 'GET', `/api/organizations/${created.id}`);
    expect(read.json()).toEqual(created);

    const renamed = await call(owner, 'PATCH', `/api/organizations/${created.id}`, {
      payload: { name: 'Filial Olinda' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Organization).name).toBe('Filial Olinda');
    const [stored] = await test.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, created.id));
    expect(stored?.name).toBe('Filial Olinda');
  });

  it('renames the account’s own organization for the invitations that follow', async () => {
    const renamed = await call(owner, 'PATCH', `/api/organizations/${organizationId}`, {
      payload: { name: 'Acme Pagamentos' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: organizationId, name: 'Acme Pagamentos', isDefault: true });
  });
});

describe('an invitation, from the e-mail to the organization’s keys', () => {
  const invitee = uniqueEmail('convidada');
  let token: string;
  let invitation: Invitation;
  let ownerKey: { key: ApiKey; secret: string };
  let viewer: TestAccount;

  it('is created without its secret and mailed in the inviter’s language with the link', async () => {
    ownerKey = await createKey(test.app, owner, { description: 'Checkout' });
    const response = await call(owner, 'POST', `/api/organizations/${organizationId}/invitations`, {
      payload: { email: `  ${invitee.toUpperCase()} `, role: 'viewer' },
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(201);
    invitation = response.json() as Invitation;
    expect(invitation).toEqual({
      id: expect.any(String),
      email: invitee,
      role: 'viewer',
      invitedBy: 'Gi Lima',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const validFor = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(Math.abs(validFor - 7 * DAY_MS)).toBeLessThan(60_000);

    const mail = await test.smtp.waitFor(invitee);
    expect(mail.subject).toBe('Gi Lima invited you to Acme Pagamentos on Cotacep');
    expect(mail.text).toContain('invited you to join the organization Acme Pagamentos on Cotacep as Viewer.');
    expect(mail.raw).toMatch(/Content-Language: en/i);
    token = invitationToken(mail);
    expect(mail.text).toContain(`${PUBLIC_URL}/invitations/accept#token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toContain(token);
    expect(await pending()).toEqual([invitation]);
  });

  it('is mailed in Portuguese to an inviter who speaks it', async () => {
    const address = uniqueEmail('dev');
    await invite(test, owner, organizationId, address, 'developer', 'pt-BR');
    const mail = await test.smtp.waitFor(address);
    expect(mail.subject).toBe('Gi Lima convidou você para Acme Pagamentos na Cotacep');
    expect(mail.text).toContain('com o papel Desenvolvedor.');
    expect(mail.text).toContain('O link funciona uma vez');
    expect(mail.raw).toMatch(/Content-Language: pt-BR/i);
  });

  it('shows what it invites to before anyone signs in', async () => {
    const response = await preview(test, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      organizationName: 'Acme Pagamentos',
      email: invitee,
      role: 'viewer',
      invitedBy: 'Gi Lima',
      expiresAt: invitation.expiresAt,
    });
  });

  it('lets the invitee sign up with the invited address and accept', async () => {
    viewer = await signUpAndLogIn(invitee);
    const accepted = await accept(test, viewer, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ organizationId });

    const mine = (await call(viewer, 'GET', '/api/organizations')).json() as OrganizationList;
    expect(mine.items.map((each) => [each.id, each.role, each.isDefault])).toEqual([
      [viewer.organizationId, 'owner', true],
      [organizationId, 'viewer', false],
    ]);
    expect(mine.items[1]?.permissions).toEqual(['organization.read', 'keys.read', 'usage.read']);
    expect(await pending()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: invitation.id })]),
    );
    const [membership] = await test.database.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.userId, viewer.userId),
        ),
      );
    expect(membership?.role).toBe('viewer');
  });

  it('shows the Viewer the organization’s keys without secrets, and refuses them a new key', async () => {
    const list = await call(viewer, 'GET', '/api/keys', { organizationId });
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json() as KeyList;
    expect(items.map((key) => key.id)).toEqual([ownerKey.key.id]);
    expect(items[0]).toMatchObject({ prefix: ownerKey.key.prefix, createdBy: 'Gi Lima' });
    expect(list.body).not.toContain(ownerKey.secret);
    expect(list.body).not.toContain(ownerKey.secret.slice(12));

    for (const url of ['/api/projects', '/api/usage', '/api/usage.csv']) {
      const read = await call(viewer, 'GET', url, { organizationId });
      expect(read.statusCode, url).toBe(200);
    }
    const own = (await call(viewer, 'GET', '/api/keys')).json() as KeyList;
    expect(own.items).toEqual([]);

    for (const [language, message] of [
      ['en', 'Your role in this organization does not allow this. Ask an Owner or an Admin.'],
      ['pt-BR', 'Seu papel nesta organização não permite isto. Peça a um Proprietário ou Administrador.'],
    ] as const) {
      const refused = await call(viewer, 'POST', '/api/keys', {
        organizationId,
        language,
        payload: { description: 'Minha', kind: 'public', allowedOrigins: '*' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PermissionDenied', message });
    }
    const stored = await test.database.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, organizationId));
    expect(stored).toHaveLength(1);
  });

  it('lists the members with their role and last sign-in', async () => {
    const list = await members(viewer);
    const byEmail = Object.fromEntries(list.map((member) => [member.email, member]));
    expect(byEmail[owner.email]).toMatchObject({ userId: owner.userId, role: 'owner', firstName: 'Gi' });
    expect(byEmail[invitee]).toMatchObject({ userId: viewer.userId, role: 'viewer', firstName: 'Ana' });
    for (const member of [byEmail[owner.email], byEmail[invitee]] as Member[]) {
      expect(Date.now() - Date.parse(member.lastSignInAt ?? '')).toBeLessThan(60_000);
    }
  });

  it('lets an existing account log in with the invited address and accept', async () => {
    const existing = await createAccount(test.app, test.database.db);
    const { token: link } = await invite(test, owner, organizationId, existing.email, 'billing');
    const accepted = await accept(test, existing, link);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await members()).find((member) => member.userId === existing.userId)?.role).toBe('billing');
  });
});

describe('members', () => {
  it('changes a role, and the new role counts on the next request', async () => {
    const member = await joinAs(test, owner, organizationId, 'viewer');
    const body = { description: 'Agora posso', kind: 'public', allowedOrigins: '*' };
    expect((await call(member, 'POST', '/api/keys', { organizationId, payload: body })).statusCode).toBe(403);

    const changed = await call(
      owner,
      'PATCH',
      `/api/organizations/${organizationId}/members/${member.userId}`,
      {
        payload: { role: 'developer' },
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ userId: member.userId, email: member.email, role: 'developer' });
    const created = await call(member, 'POST', '/api/keys', { organizationId, payload: body });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('removes a member, who is refused on their next request', async () => {
    const member = await joinAs(test, owner, organizationId, 'developer');
    expect((await call(member, 'GET', '/api/keys', { organizationId })).statusCode).toBe(200);

    const removed = await call(
      owner,
      'DELETE',
      `/api/organizations/${organizationId}/members/${member.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await members()).map((each) => each.userId)).not.toContain(member.userId);
    const after = await call(member, 'GET', '/api/keys', { organizationId, language: 'en' });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'OrganizationNotFound', message: 'Organization not found.' });
    // Their own organization is still theirs.
    expect((await call(member, 'GET', '/api/keys')).statusCode).toBe(200);
  });

  it('lets a member leave', async () => {
    const member = await joinAs(test, owner, organizationId, 'billing');
    const left = await call(
      member,
      'DELETE',
      `/api/organizations/${organizationId}/members/${member.userId}`,
    );
    expect(left.statusCode, left.body).toBe(204);
    expect((await members()).map((each) => each.userId)).not.toContain(member.userId);
    const mine = (await call(member, 'GET', '/api/organizations')).json() as OrganizationList;
    expect(mine.items.map((each) => each.id)).toEqual([member.organizationId]);
  });

  it('keeps a key working after its creator leaves, still naming them', async () => {
    const developer = await joinAs(test, owner, organizationId, 'developer');
    await test.database.db
      .update(users)
      .set({ firstName: 'Dora', lastName: 'Dev' })
      .where(eq(users.id, developer.userId));
    const created = await call(developer, 'POST', '/api/keys', {
      organizationId,
      payload: { description: 'Do dev', kind: 'public', allowedOrigins: '*' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, secret } = created.json() as { key: ApiKey; secret: string };
    expect(key.createdBy).toBe('Dora Dev');
    expect((await callApi(secret)).statusCode).toBe(200);

    const left = await call(
      developer,
      'DELETE',
      `/api/organizations/${organizationId}/members/${developer.userId}`,
    );
    expect(left.statusCode, left.body).toBe(204);

    expect((await callApi(secret)).statusCode).toBe(200);
    const read = await call(owner, 'GET', `/api/keys/${key.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: key.id, createdBy: 'Dora Dev' });
    const [stored] = await test.database.db
      .select({ createdBy: apiKeys.createdBy, organizationId: apiKeys.organizationId })
      .from(apiKeys)
      .where(eq(apiKeys.id, key.id));
    expect(stored).toEqual({ createdBy: developer.userId, organizationId });
  });
});

describe('someone removed from their last organization', () => {
  it('gets a new one of their own, while the organization they founded stays with its Owner', async () => {
    const founder = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const heir = await joinAs(test, founder, founder.organizationId, 'owner');
    const { secret } = await createKey(test.app, founder);
    const removed = await call(
      heir,
      'DELETE',
      `/api/organizations/${founder.organizationId}/members/${founder.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);

    const mine = (await call(founder, 'GET', '/api/organizations')).json() as OrganizationList;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ role: 'owner', isDefault: true, plan: 'free' });
    expect(mine.items[0]?.id).not.toBe(founder.organizationId);
    const keys = await call(founder, 'GET', '/api/keys');
    expect(keys.statusCode).toBe(200);
    expect((keys.json() as KeyList).items).toEqual([]);

    const heirs = (await members(heir, founder.organizationId)).map((member) => [member.userId, member.role]);
    expect(heirs).toEqual([[heir.userId, 'owner']]);
    expect((await callApi(secret)).statusCode).toBe(200);
  });
});

describe('invitations resent and revoked', () => {
  it('resends with a new link: the old one stops working, the new one works', async () => {
    const address = uniqueEmail('reenvio');
    const { invitation, token: first } = await invite(test, owner, organizationId, address, 'viewer');
    const resent = await call(
      owner,
      'POST',
      `/api/organizations/${organizationId}/invitations/${invitation.id}/resend`,
      {
        language: 'en',
      },
    );
    expect(resent.statusCode, resent.body).toBe(204);
    const mail = await test.smtp.waitFor(address, (each) => !each.text.includes(first));
    const second = invitationToken(mail);
    expect(second).not.toBe(first);
    expect(mail.subject).toBe('Gi Lima invited you to Acme Pagamentos on Cotacep');

    expect((await preview(test, first)).statusCode).toBe(410);
    expect((await preview(test, second)).statusCode).toBe(200);
    const invitee = await signUpAndLogIn(address);
    expect((await accept(test, invitee, first)).statusCode).toBe(410);
    const accepted = await accept(test, invitee, second);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await members()).find((member) => member.email === address)?.role).toBe('viewer');
  });

  it('revokes: the invitation leaves the pending list and its link stops working', async () => {
    const address = uniqueEmail('revogado');
    const { invitation, token } = await invite(test, owner, organizationId, address, 'developer');
    const revoked = await call(
      owner,
      'DELETE',
      `/api/organizations/${organizationId}/invitations/${invitation.id}`,
    );
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await pending()).map((each) => each.id)).not.toContain(invitation.id);
    expect((await preview(test, token)).statusCode).toBe(410);
    const invitee = await signUpAndLogIn(address);
    expect((await accept(test, invitee, token)).statusCode).toBe(410);
    expect((await members()).map((member) => member.email)).not.toContain(address);
  });
});

describe('deleting an organization', () => {
  it('deletes it with its keys, which stop answering at once; its members keep their own', async () => {
    const founder = await createAccount(test.app, test.database.db);
    const doomed = await createOrganization(test.app, founder, 'Temporária');
    const member = await joinAs(test, founder, doomed.id, 'developer');
    const created = await call(founder, 'POST', '/api/keys', {
      organizationId: doomed.id,
      payload: { description: 'Some com ela', kind: 'public', allowedOrigins: '*' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json() as { secret: string };
    expect((await callApi(secret)).statusCode).toBe(200);

    const deleted = await call(founder, 'DELETE', `/api/organizations/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await test.database.db.select().from(organizations).where(eq(organizations.id, doomed.id));
    expect(row).toBeUndefined();
    for (const person of [founder, member]) {
      const mine = (await call(person, 'GET', '/api/organizations')).json() as OrganizationList;
      expect(mine.items.map((each) => each.id)).toEqual([person.organizationId]);
    }
    expect((await call(founder, 'GET', '/api/keys', { organizationId: doomed.id })).statusCode).toBe(404);
    expect((await callApi(secret)).statusCode).toBe(401);
  });
});

describe('X-Organization', () => {
  it('makes each request see only its own organization’s keys, projects and usage', async () => {
    const person = await createAccount(test.app, test.database.db);
    const second = await createOrganization(test.app, person, 'Segunda');
    const first = person.organizationId;

    const keyOfFirst = await createKey(test.app, person, { description: 'Primeira' });
    const project = await call(person, 'POST', '/api/projects', {
      organizationId: second.id,
      payload: { name: 'Só na segunda' },
    });
    expect(project.statusCode, project.body).toBe(201);
    const createdInSecond = await call(person, 'POST', '/api/keys', {
      organizationId: second.id,
      payload: { description: 'Segunda', kind: 'public', allowedOrigins: '*', projectId: project.json().id },
    });
    expect(createdInSecond.statusCode, createdInSecond.body).toBe(201);
    const keyOfSecond = createdInSecond.json() as { key: ApiKey; secret: string };
    expect((await callApi(keyOfSecond.secret)).statusCode).toBe(200);
    expect((await callApi(keyOfSecond.secret)).statusCode).toBe(200);

    const keysOf = async (id?: string) =>
      (
        (await call(person, 'GET', '/api/keys', id ? { organizationId: id } : {})).json() as KeyList
      ).items.map((key) => key.id);
    expect(await keysOf(first)).toEqual([keyOfFirst.key.id]);
    expect(await keysOf(second.id)).toEqual([keyOfSecond.key.id]);
    expect(await keysOf()).toEqual([keyOfFirst.key.id]);

    const projectsOf = async (id: string) =>
      ((await call(person, 'GET', '/api/projects', { organizationId: id })).json() as ProjectList).items.map(
        (each) => each.name,
      );
    expect(await projectsOf(second.id)).toContain('Só na segunda');
    expect(await projectsOf(first)).not.toContain('Só na segunda');

    const usageOf = async (id: string) => {
      const response = await call(person, 'GET', '/api/usage', { organizationId: id });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Usage;
    };
    const [usageOfFirst, usageOfSecond] = [await usageOf(first), await usageOf(second.id)];
    expect(usageOfSecond.used).toBe(2);
    expect(usageOfSecond.byKey.map((each) => each.keyId)).toEqual([keyOfSecond.key.id]);
    expect(usageOfFirst.used).toBe(0);
    expect(usageOfFirst.byKey.map((each) => each.keyId)).not.toContain(keyOfSecond.key.id);
  });
});

async function signUpAndLogIn(email: string): Promise<TestAccount> {
  // The invitation reached this address first: read the sign-up's code from the e-mail that has one.
  await signUp(test, email);
  const code = readCode(await test.smtp.waitFor(email, (mail) => /(?:^|\n)\d{6}\r?\n/.test(mail.text)));
  const confirmed = await test.app.inject({
    method: 'POST',
    url: '/api/auth/signup/confirm',
    payload: { email, code },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { accessToken } = await logIn(test, email);
  const [user] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // Sign-up founds the account's organization with the account's id (decision 033).
  return {
    userId: user!.id,
    organizationId: user!.id,
    email,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}
