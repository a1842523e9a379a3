import type { TotpEnrolment } from '@cotacep/shared/second-factor-schemas';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totpFactors } from '../../db/schema/second-factors.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, withAudit } from '../audit/record.ts';
import type { FactorStore } from './factor-store.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { createTotpSecret, findTotpStep, totpUrl } from './totp.ts';

/**
 * The user's authenticator app (issue 25): one `totp_factors` row, its key sealed with a key derived from
 * the app secret. Unconfirmed until a first right code; from then on each code is accepted once, by storing
 * its step with a conditional UPDATE that refuses a step not newer than the last (a replay, even in parallel).
 */
const PURPOSE = 'totp';

const open = (store: FactorStore, row: { userId: string; secretEncrypted: string }) =>
  openSecret(store.codes.secret, PURPOSE, row.userId, row.secretEncrypted);

export async function findConfirmedTotp(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row ?? null;
}

/**
 * Starts (or restarts, with a new key) an enrolment: the key as the QR code's URI (labelled with the issuer
 * and the user's e-mail) and as text. Refused while an authenticator app is confirmed: it must be removed
 * first.
 */
export async function startTotpEnrolment(
  store: FactorStore,
  user: User,
  issuer: string,
): Promise<TotpEnrolment> {
  const secret = createTotpSecret();
  const sealed = sealSecret(store.codes.secret, PURPOSE, user.id, secret);
  const fresh = {
    secretEncrypted: sealed,
    enrolAttempts: 0,
    lastUsedStep: null,
    lastUsedAt: null,
    createdAt: new Date(),
  };
  const [row] = await store.db
    .insert(totpFactors)
    .values({ userId: user.id, ...fresh })
    .onConflictDoUpdate({ target: totpFactors.userId, set: fresh, setWhere: isNull(totpFactors.confirmedAt) })
    .returning({ userId: totpFactors.userId });
  if (!row) throw new AppError('TotpAlreadyEnabled');
  return { otpauthUrl: totpUrl(secret, issuer, user.email), secret };
}

/**
 * Enables the app with its first right code. Each try is counted before the code is checked (at most
 * `maxAttempts`, however many race); the enrolment ends there and must start again with a new key.
 */
export async function confirmTotpEnrolment(
  store: FactorStore,
  userId: string,
  code: string,
  context: AuditContext,
): Promise<void> {
  const { db } = store;
  const pending = and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt));
  const [reserved] = await db
    .update(totpFactors)
    .set({ enrolAttempts: sql`${totpFactors.enrolAttempts} + 1` })
    .where(and(pending, lt(totpFactors.enrolAttempts, store.codes.maxAttempts)))
    .returning();
  if (!reserved) throw new AppError('TotpNotEnrolled');
  const step = findTotpStep(open(store, reserved), code);
  if (step === null) throw new AppError('CodeMismatch');
  const confirmed = await withAudit(
    db,
    context,
    // The code's step is spent: the same code cannot also pass the first sign-in.
    (tx) =>
      tx
        .update(totpFactors)
        .set({ confirmedAt: new Date(), lastUsedStep: step, enrolAttempts: 0 })
        .where(and(pending, eq(totpFactors.secretEncrypted, reserved.secretEncrypted)))
        .returning({ userId: totpFactors.userId }),
    ([row]) => (row ? { event: 'auth.factor_added', userId, details: { method: 'totp' } } : null),
  );
  // A parallel request confirmed it, or a restart replaced the key.
  if (confirmed.length === 0) throw new AppError('CodeMismatch');
}

/**
 * True when `code` is the confirmed app's code for now (a step of tolerance either side) and its step is
 * newer than the last accepted one; that step becomes the last. False for a wrong code or a replay.
 */
export async function consumeTotpCode(store: FactorStore, userId: string, code: string): Promise<boolean> {
  const factor = await findConfirmedTotp(store.db, userId);
  if (!factor) return false;
  const step = findTotpStep(open(store, factor), code);
  if (step === null) return false;
  const [accepted] = await store.db
    .update(totpFactors)
    .set({ lastUsedStep: step, lastUsedAt: new Date() })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return Boolean(accepted);
}

/** Removes the confirmed app; true when there was one. */
export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return deleted.length > 0;
}
