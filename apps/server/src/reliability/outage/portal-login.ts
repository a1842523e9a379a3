import { randomUUID } from 'node:crypto';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { foundOrganization } from '../../modules/organizations/founding.ts';

export const PORTAL_PASSWORD = 'reliability test password';

/** Gives an account written straight to the database (a seeded key's, say) a password; returns its e-mail. */
export async function givePassword(db: Db, userId: string): Promise<string> {
  await db.insert(userCredentials).values({ userId, passwordHash: await hashPassword(PORTAL_PASSWORD) });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return user.email;
}

/** A confirmed account with a password (no MFA) written straight to the database; returns its e-mail. */
export async function createPortalUser(db: Db): Promise<string> {
  const id = randomUUID();
  const person = {
    id,
    email: `reliability.${id.slice(0, 8)}@example.com`,
    firstName: 'Rita',
    lastName: 'Lima',
  };
  await db.insert(users).values({ ...person, emailConfirmedAt: new Date() });
  await foundOrganization(db, person);
  return givePassword(db, id);
}

/** Logs in through a running server's real login route (captcha off, no MFA) and returns the tokens. */
export async function logInOver(
  url: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<TokenSet> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: PORTAL_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenSet;
}
