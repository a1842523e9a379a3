import { randomInt } from 'node:crypto';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
} from '@cotacep/shared/second-factor-schemas';
import { and, count, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/second-factors.ts';
import { hmac } from '../../lib/secrets.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import type { FactorStore } from './factor-store.ts';
import { strongFactorCount, strongFactorExists } from './strong-factors.ts';
import { lockUser } from './user-lock.ts';

/**
 * Recovery codes (issue 25): ten single-use codes that stand in for a lost authenticator app or passkey.
 * Only their HMAC with the app secret is kept, so the table alone gives none of them away; they are shown
 * once, when made, and a new set replaces the old one entirely.
 */

const codeHash = (secret: string, userId: string, code: string) =>
  hmac(secret, `recovery:${userId}:${normalizeRecoveryCode(code)}`);

/** `xxxxx-xxxxx`: ten characters of a 31-letter alphabet, about 50 bits. */
function generateRecoveryCode(): string {
  let characters = '';
  for (let index = 0; index < 10; index += 1)
    characters += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

async function insertNewSet(tx: Db, secret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const createdAt = new Date();
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: codeHash(secret, userId, code), createdAt })));
  return codes;
}

/** A new set in place of the old (POST /account/mfa/recovery-codes); the old codes stop working. */
export function replaceRecoveryCodes(
  store: FactorStore,
  userId: string,
  context: AuditContext,
): Promise<string[]> {
  return store.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const codes = await insertNewSet(tx, store.codes.secret, userId);
    await recordAudit(tx, context, {
      event: 'auth.factor_added',
      userId,
      details: { method: 'recovery_codes' },
    });
    return codes;
  });
}

/**
 * Called right after a strong factor (an authenticator app, a passkey) is enabled: when it is the user's
 * first, a new set, to show once in that answer; otherwise null. A set left from an earlier strong factor is
 * replaced; two factors enabled at once make one set between them.
 */
export function issueRecoveryCodesIfFirstStrongFactor(
  db: Db,
  store: FactorStore,
  userId: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .select({
        strongFactors: strongFactorCount(userId),
        codes: count(),
      })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId));
    const isFirst = Number(row?.strongFactors ?? 0) <= 1 || (row?.codes ?? 0) === 0;
    return isFirst ? insertNewSet(tx, store.codes.secret, userId) : null;
  });
}

/**
 * Spends one code with a conditional UPDATE (`used_at is null`): of two requests with the same code only
 * one succeeds. Works only while the user has a strong factor. Answers how many codes remain (the caller
 * tells the user, who may not know), or null for a wrong or spent code.
 */
export async function useRecoveryCode(
  store: FactorStore,
  userId: string,
  code: string,
): Promise<number | null> {
  const [spent] = await store.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash(store.codes.secret, userId, code)),
        isNull(recoveryCodes.usedAt),
        strongFactorExists(userId),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!spent) return null;
  return (await getRecoveryCodesSummary(store.db, userId)).remaining;
}

/** How many codes are left, when the set was made and when one was last used. */
export async function getRecoveryCodesSummary(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      used: count(recoveryCodes.usedAt),
      generatedAt: max(recoveryCodes.createdAt),
      lastUsedAt: max(recoveryCodes.usedAt),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    remaining: (row?.total ?? 0) - (row?.used ?? 0),
    generatedAt: iso(row?.generatedAt),
    lastUsedAt: iso(row?.lastUsedAt),
  };
}

/** The codes go with the last strong factor: a later first factor comes with a new set. */
export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
