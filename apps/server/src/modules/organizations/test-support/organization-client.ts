import type { Invitation, Organization } from '@cotacep/shared/organization-schemas';
import type { Role } from '@cotacep/shared/roles';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { IdentityTestApp } from '#server/test/identity-app.ts';
import type { ReceivedMail } from '#server/test/smtp-sink.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type CallOptions = { payload?: object; language?: string; organizationId?: string };

/** A portal call as the SPA makes it: the caller's Bearer, its language and, when given, `X-Organization`. */
export function callAs(
  app: FastifyInstance,
  who: Pick<TestAccount, 'headers'>,
  method: Method,
  url: string,
  { payload, language = 'pt-BR', organizationId }: CallOptions = {},
) {
  const headers = {
    ...who.headers,
    'accept-language': language,
    ...(organizationId ? { 'x-organization': organizationId } : {}),
  };
  const options: InjectOptions = { method, url, headers, ...(payload ? { payload } : {}) };
  return app.inject(options);
}

/** The link's secret in an invitation e-mail (`…/invitations/accept#token=…`). */
export function invitationToken(mail: ReceivedMail): string {
  const token = /\/invitations\/accept#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in e-mail: ${mail.text.slice(0, 500)}`);
  return token;
}

/** Invites `email` and answers the created invitation and the secret read from the e-mail that arrived. */
export async function invite(
  test: IdentityTestApp,
  inviter: TestAccount,
  organizationId: string,
  email: string,
  role: Role,
  language = 'pt-BR',
): Promise<{ invitation: Invitation; token: string }> {
  const before = test.smtp.countTo(email);
  const response = await callAs(
    test.app,
    inviter,
    'POST',
    `/api/organizations/${organizationId}/invitations`,
    {
      payload: { email, role },
      language,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  const mail = await test.smtp.waitFor(email, () => test.smtp.countTo(email) > before);
  return { invitation: response.json() as Invitation, token: invitationToken(mail) };
}

export const accept = (
  test: IdentityTestApp,
  who: Pick<TestAccount, 'headers'>,
  token: string,
  language = 'en',
) => callAs(test.app, who, 'POST', '/api/invitations/accept', { payload: { token }, language });

export const preview = (test: IdentityTestApp, token: string, language = 'en') =>
  test.app.inject({
    method: 'POST',
    url: '/api/invitations/preview',
    headers: { 'accept-language': language },
    payload: { token },
  });

/** A new account that joined `organizationId` with `role` through a real invitation. */
export async function joinAs(
  test: IdentityTestApp,
  inviter: TestAccount,
  organizationId: string,
  role: Role,
): Promise<TestAccount> {
  const member = await createAccount(test.app, test.database.db);
  const { token } = await invite(test, inviter, organizationId, member.email, role);
  const accepted = await accept(test, member, token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}

/** "New organization" through the API, with `owner` as its only Owner. */
export async function createOrganization(app: FastifyInstance, owner: TestAccount, name: string) {
  const response = await callAs(app, owner, 'POST', '/api/organizations', { payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Organization;
}
