import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema/users.ts';
import type { CodePurpose } from '../../db/schema/verification-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit, withAudit } from '../audit/record.ts';
import { recordOtherSessionsEnded } from '../auth/audit-entries.ts';
import { claimDeliverySlot } from '../auth/delivery-throttle.ts';
import { announceEmailChange, withdrawEmailChangeUndo } from '../auth/email-change-undo.ts';
import type { Identity } from '../auth/identity.ts';
import { maskDestination } from '../auth/mask.ts';
import { revokeUserSessions } from '../auth/tokens/sessions.ts';
import { findUserByEmail, findUserById, isUniqueViolation } from '../auth/users.ts';
import { consumeVerificationCode, sendVerificationCode } from '../auth/verification-codes.ts';

/**
 * The new e-mail waits as pending until the code sent to it comes back; a taken one is refused (decision 017).
 * It becomes pending only once its code is out, so a refused change (throttled, undeliverable) stores nothing.
 */
export async function requestEmailChange(
  identity: Identity,
  userId: string,
  email: string,
  ip: string,
): Promise<CodeDelivery> {
  const user = await currentUser(identity, userId);
  const owner = await findUserByEmail(identity.db, email);
  if (owner) throw new AppError('UsernameExists');
  const delivery = await sendChangeCode(identity, user, 'email_change', 'email', email, ip);
  await setPending(identity, user.id, { pendingEmail: email });
  return delivery;
}

/**
 * The code proved the new address: the old one is told (with a way to undo it for a few days), the
 * address changes, and every other session ends; the one that made the change stays (issue 22).
 */
export async function confirmEmailChange(
  identity: Identity,
  userId: string,
  sessionId: string,
  code: string,
  context: AuditContext,
): Promise<User> {
  const user = await currentUser(identity, userId);
  if (!user.pendingEmail) throw new AppError('CodeMismatch');
  const { destination } = await consumeVerificationCode(identity.db, identity.codes, {
    userId: user.id,
    purpose: 'email_change',
    code,
  });
  // Someone signed up with that address while the code was on its way: nothing is announced or changed.
  if (await findUserByEmail(identity.db, destination)) throw new AppError('UsernameExists');
  const undoId = await announceEmailChange(identity, user, destination);
  try {
    return await identity.db.transaction(async (tx) => {
      const [updated] = (await tx
        .update(users)
        .set({ email: destination, pendingEmail: null, emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning()) as [User];
      const ended = await revokeUserSessions(tx, user.id, 'email_changed', sessionId);
      // Nothing of either address: the person sees their own current one anyway.
      await recordAudit(tx, context, { event: 'account.email_changed', userId: user.id });
      await recordOtherSessionsEnded(tx, context, user.id, sessionId, ended);
      return updated;
    });
  } catch (error) {
    await withdrawEmailChangeUndo(identity.db, undoId);
    if (isUniqueViolation(error)) throw new AppError('UsernameExists');
    throw error;
  }
}

export async function requestPhoneChange(
  identity: Identity,
  userId: string,
  phone: string,
  ip: string,
): Promise<CodeDelivery> {
  const user = await currentUser(identity, userId);
  const delivery = await sendChangeCode(identity, user, 'phone_verify', 'sms', phone, ip);
  await setPending(identity, user.id, { pendingPhone: phone });
  return delivery;
}

export async function confirmPhoneChange(
  identity: Identity,
  userId: string,
  code: string,
  context: AuditContext,
): Promise<User> {
  const user = await currentUser(identity, userId);
  if (!user.pendingPhone) throw new AppError('CodeMismatch');
  const { destination } = await consumeVerificationCode(identity.db, identity.codes, {
    userId: user.id,
    purpose: 'phone_verify',
    code,
  });
  return withAudit(
    identity.db,
    context,
    async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ phone: destination, pendingPhone: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    },
    { event: 'account.phone_changed', userId: user.id },
  );
}

async function currentUser(identity: Identity, id: string): Promise<User> {
  const user = await findUserById(identity.db, id);
  if (!user) throw new AppError('Unauthorized');
  return user;
}

async function setPending(
  identity: Identity,
  userId: string,
  pending: { pendingEmail: string } | { pendingPhone: string },
): Promise<void> {
  await identity.db
    .update(users)
    .set({ ...pending, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

async function sendChangeCode(
  identity: Identity,
  user: User,
  purpose: CodePurpose,
  method: 'email' | 'sms',
  destination: string,
  ip: string,
): Promise<CodeDelivery> {
  const { config } = identity;
  // The account's, the client's and the destination prefix's hourly limits too (issue 22, SMS pumping).
  await claimDeliverySlot(identity.db, identity.throttle, purpose, destination, { account: user.id, ip });
  await sendVerificationCode(identity, {
    user,
    purpose,
    method,
    destination,
    ttlSeconds: config.SIGNUP_CODE_TTL_SECONDS,
  });
  return {
    method,
    destination: maskDestination(method, destination),
    resendAfter: config.CODE_RESEND_SECONDS,
  };
}
