import { randomUUID } from 'node:crypto';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { CreateKeyInput, KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { PlanId } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { accountLimits } from '../db/schema/account-limits.ts';
import { organizations } from '../db/schema/organizations.ts';
import { userCredentials } from '../db/schema/user-credentials.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { foundOrganization } from '../modules/organizations/founding.ts';

/** The password of every account `createAccount` makes (to re-authenticate with it). */
export const ACCOUNT_PASSWORD = 'gateway test password';
let passwordHash: Promise<string> | undefined;

/** A customer and the organization it founded (the same id, decision 033). */
export type TestAccount = {
  userId: string;
  organizationId: string;
  email: string;
  headers: Record<string, string>;
};

type AccountOptions = {
  plan?: PlanId;
  /** A contract's limits above the plan's. */
  limits?: { monthlyQuota?: number; ratePerMinute?: number; maxKeys?: number; maxProjects?: number };
};

/** A confirmed customer signed in through the real login route; its Bearer header is ready to use. */
export async function createAccount(
  app: FastifyInstance,
  db: Db,
  { plan = 'free', limits }: AccountOptions = {},
): Promise<TestAccount> {
  const userId = randomUUID();
  const email = `gw.${userId.slice(0, 8)}@example.com`;
  const person = { id: userId, email, firstName: 'Gi', lastName: 'Lima' };
  await db.insert(users).values({ ...person, emailConfirmedAt: new Date() });
  await foundOrganization(db, person);
  if (plan !== 'free') await db.update(organizations).set({ plan }).where(eq(organizations.id, userId));
  passwordHash ??= hashPassword(ACCOUNT_PASSWORD);
  await db.insert(userCredentials).values({ userId, passwordHash: await passwordHash });
  if (limits) await db.insert(accountLimits).values({ organizationId: userId, ...limits });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: ACCOUNT_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { accessToken } = login.json() as TokenSet;
  return { userId, organizationId: userId, email, headers: { authorization: `Bearer ${accessToken}` } };
}

/** Creates a key through the portal API and returns it with its one-time secret. */
export async function createKey(
  app: FastifyInstance,
  account: TestAccount,
  body: Partial<CreateKeyInput> = {},
): Promise<KeyWithSecret> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: account.headers,
    payload: { description: 'Test key', kind: 'public', allowedOrigins: '*', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as KeyWithSecret;
}

/** Settings for the identity routes the helpers go through: no captcha, no per-IP login limit. */
export const GATEWAY_TEST_ENV: Record<string, string> = {
  CAPTCHA_PROVIDER: 'off',
  AUTH_RATE_LIMIT_MAX: '100000',
  CEP_UPSTREAM: 'off',
  QUOTES_INGEST: 'off',
};
