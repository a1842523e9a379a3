import type { StaffRole } from '@cotacep/shared/staff-roles';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { loadAppSecret } from '../../../lib/app-secret.ts';
import { uniqueEmail } from '../../../test/auth-flows.ts';
import { totpCode } from '../../../test/totp.ts';
import { createStaff, type StaffCreateResult } from '../staff-create.ts';

export type SignedInStaff = {
  userId: string;
  email: string;
  role: StaffRole;
  totpSecret: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: Record<string, string>;
};

/** `npm run staff:create`'s function on the test's database (the app secret as the app reads it). */
export async function makeStaff(
  db: Db,
  role: StaffRole,
  email = uniqueEmail(role),
): Promise<StaffCreateResult> {
  const appSecret = await loadAppSecret(db, { APP_SECRET: undefined } as Config);
  return createStaff(db, { appSecret, issuer: 'Cotacep' }, { email, role, name: `Staff ${role}` });
}

/**
 * A member of staff made by the command, signed in through the real routes: password, then the authenticator's
 * code (`at`: the instant the code is for, when the test froze the clock).
 */
export async function signInStaff(
  app: FastifyInstance,
  db: Db,
  role: StaffRole,
  at = Date.now(),
): Promise<SignedInStaff> {
  const made = await makeStaff(db, role);
  expect(made.password).toBeTruthy();
  expect(made.totp).not.toBeNull();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: made.email, password: made.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { challenge } = login.json();
  expect(challenge?.methods, login.body).toContain('totp');
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/login/challenge',
    payload: { session: challenge.session, method: 'totp', code: totpCode(made.totp!.secret, at) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { accessToken, refreshToken } = answer.json();
  return {
    userId: made.userId,
    email: made.email,
    role,
    totpSecret: made.totp!.secret,
    password: made.password!,
    accessToken,
    refreshToken,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

/** A reason long enough for any staff action. */
export const REASON = 'Customer asked by phone, ticket #4521';
