import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The strong factors as SQL (issue 25): a confirmed authenticator app, a passkey. `userId` is an id column
 * (one query over many users: the members list) or an id.
 */
type UserRef = AnyColumn | string;

export const hasTotp = (userId: UserRef) =>
  sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)`;
export const hasPasskey = (userId: UserRef) =>
  sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`;
export const hasRecoveryCode = (userId: UserRef) =>
  sql<boolean>`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`;

export function strongFactorExists(userId: UserRef): SQL<boolean> {
  return sql<boolean>`(${hasTotp(userId)} or ${hasPasskey(userId)})`;
}

/** How many strong factors the user has: the authenticator app counts one, each passkey one. */
export function strongFactorCount(userId: UserRef): SQL<number> {
  return sql<number>`((select count(*) from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null) + (select count(*) from ${passkeys} where ${passkeys.userId} = ${userId}))::int`;
}

/** An authenticator app or a passkey: what an organization can require. */
export async function hasStrongFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: strongFactorExists(userId) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has ?? false;
}

export async function countStrongFactors(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: strongFactorCount(userId) })
    .from(users)
    .where(eq(users.id, userId));
  return Number(row?.total ?? 0);
}
