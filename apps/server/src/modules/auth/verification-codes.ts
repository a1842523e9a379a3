import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { type CodePurpose, verificationCodes } from '../../db/schema/verification-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateCode, hmac } from '../../lib/secrets.ts';
import type { CodeSender } from './code-sender.ts';

export type CodeSettings = { secret: string; maxAttempts: number };

/** What issuing and sending a code needs; the Identity has all of it. */
export type CodeDeps = { db: Db; codes: CodeSettings; sender: CodeSender };

export type OutgoingCode = {
  user: Pick<User, 'id' | 'language' | 'firstName' | 'email' | 'emailConfirmedAt'>;
  purpose: CodePurpose;
  method: 'email' | 'sms';
  /** The address proven by the code: the account's e-mail, or the new e-mail or phone of a change. */
  destination: string;
  ttlSeconds: number;
  /** A link that carries the code (the sign-up e-mail's, which opens the screen with it filled in). */
  link?: (code: string) => string;
};

const codeHash = (secret: string, purpose: CodePurpose, userId: string, code: string) =>
  hmac(secret, `${purpose}:${userId}:${code}`);

/** Replaces the user's live code for this purpose with a new one and returns it (to send, never to store). */
async function issueVerificationCode(
  db: Db,
  settings: CodeSettings,
  input: { userId: string; purpose: CodePurpose; destination: string; ttlSeconds: number },
): Promise<string> {
  const code = generateCode();
  const now = new Date();
  const values = {
    destination: input.destination,
    codeHash: codeHash(settings.secret, input.purpose, input.userId, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    consumedAt: null,
    createdAt: now,
  };
  await db
    .insert(verificationCodes)
    .values({ userId: input.userId, purpose: input.purpose, ...values })
    .onConflictDoUpdate({ target: [verificationCodes.userId, verificationCodes.purpose], set: values });
  return code;
}

/** Issues a new code (replacing the live one) and sends it in the user's language: the one way codes go out. */
export async function sendVerificationCode(deps: CodeDeps, outgoing: OutgoingCode): Promise<void> {
  const { user, purpose, method, destination, ttlSeconds, link } = outgoing;
  const [previous] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
  const code = await issueVerificationCode(deps.db, deps.codes, {
    userId: user.id,
    purpose,
    destination,
    ttlSeconds,
  });
  try {
    await deps.sender.send({
      purpose,
      method,
      destination,
      code,
      language: user.language,
      // Greeted by name only at the account's confirmed address: a new address (sign-up, e-mail change)
      // or an unconfirmed account's may belong to someone who never typed that name (issue 22).
      ...(user.emailConfirmedAt && destination === user.email && { name: user.firstName }),
      ttlSeconds,
      ...(link && { link: link(code) }),
    });
  } catch (error) {
    await withdrawVerificationCode(deps.db, codeHash(deps.codes.secret, purpose, user.id, code), previous);
    throw error;
  }
}

/**
 * A code that never left is withdrawn and the one it replaced comes back, so a refused request leaves
 * everything as it was. Only while the row still holds the withdrawn code: a newer one is left alone.
 */
async function withdrawVerificationCode(
  db: Db,
  withdrawnHash: string,
  previous: typeof verificationCodes.$inferSelect | undefined,
): Promise<void> {
  const stillWithdrawn = eq(verificationCodes.codeHash, withdrawnHash);
  if (!previous) {
    await db.delete(verificationCodes).where(stillWithdrawn);
    return;
  }
  const { id: _id, userId, purpose, ...restored } = previous;
  await db
    .update(verificationCodes)
    .set(restored)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), stillWithdrawn));
}

/**
 * Uses a code once. One conditional UPDATE both checks and counts, so parallel guesses are serialised
 * by the row lock and never more than `maxAttempts` wrong ones are counted. Returns the destination proven.
 */
export async function consumeVerificationCode(
  db: Db,
  settings: CodeSettings,
  input: { userId: string; purpose: CodePurpose; code: string },
): Promise<{ destination: string }> {
  const now = new Date();
  const hash = codeHash(settings.secret, input.purpose, input.userId, input.code);
  const matches = sql`(${verificationCodes.codeHash} = ${hash} and ${verificationCodes.expiresAt} > ${now.toISOString()}::timestamptz)`;
  const [row] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${matches} then 0 else 1 end`,
      consumedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, settings.maxAttempts),
      ),
    )
    .returning({
      consumedAt: verificationCodes.consumedAt,
      expiresAt: verificationCodes.expiresAt,
      destination: verificationCodes.destination,
      attempts: verificationCodes.attempts,
    });
  if (row?.consumedAt) return { destination: row.destination };
  if (row) throw new AppError(row.expiresAt > now ? 'CodeMismatch' : 'ExpiredCode');
  const isSpent = await hasSpentCode(db, input.userId, input.purpose, settings.maxAttempts);
  throw new AppError(isSpent ? 'ExpiredCode' : 'CodeMismatch');
}

/** Makes a just-consumed code usable again: the request it proved was refused for another reason. */
export async function releaseVerificationCode(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: null })
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
}

/** A code that exists but can no longer be used (tries exhausted) asks for a new one; no code is a mismatch. */
async function hasSpentCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  maxAttempts: number,
): Promise<boolean> {
  const [row] = await db
    .select({ attempts: verificationCodes.attempts, consumedAt: verificationCodes.consumedAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
  return Boolean(row && !row.consumedAt && row.attempts >= maxAttempts);
}

export async function deleteVerificationCode(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
}
