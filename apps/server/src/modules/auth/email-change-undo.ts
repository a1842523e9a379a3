import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChangeUndos } from '../../db/schema/email-change-undos.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { oauthAccounts, oauthStates } from '../../db/schema/oauth.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { DAY_MS } from '../../lib/time.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { renderEmailChangeNotice } from '../mail/email-change-notice-email.ts';
import { deleteAccount } from '../organizations/founding.ts';
import type { Identity } from './identity.ts';
import { maskEmail } from './mask.ts';
import { revokeUserSessions } from './tokens/sessions.ts';
import { isUniqueViolation } from './users.ts';

/** How long the address an e-mail change replaced can undo it (Stripe and GitHub give a few days too). */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/**
 * Before an e-mail change takes effect: a one-time undo token for the address being replaced, and the
 * notice that tells that address about the change with the link that uses it. Returns the token's row,
 * to withdraw should the change itself fail. A mailbox that no longer exists (its server refuses the
 * recipient for good, the usual reason to change an address) does not block the change; any other
 * failure to send does (503), so an e-mail never changes without its owner being told.
 */
export async function announceEmailChange(identity: Identity, user: User, newEmail: string): Promise<string> {
  const { db, config } = identity;
  const token = randomToken();
  const now = new Date();
  const [undo] = await db
    .insert(emailChangeUndos)
    .values({
      userId: user.id,
      previousEmail: user.email,
      newEmail,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * DAY_MS),
    })
    .returning({ id: emailChangeUndos.id });
  const undoUrl = new URL('/auth/email-change/undo', config.publicUrl);
  // In the fragment: never sent to a server, so no log or Referer carries it.
  undoUrl.hash = new URLSearchParams({ token }).toString();
  try {
    await identity.mailer.send({
      to: user.email,
      language: user.language,
      ...renderEmailChangeNotice({
        language: user.language,
        name: user.firstName,
        appName: config.APP_NAME,
        newEmail: maskEmail(newEmail),
        changedAt: now,
        undoUrl: undoUrl.toString(),
        undoDays: EMAIL_CHANGE_UNDO_DAYS,
      }),
    });
  } catch (error) {
    if (isRecipientRefused(error)) {
      identity.log.warn(
        { userId: user.id },
        'e-mail change notice refused by the old address; change goes on',
      );
      return undo!.id;
    }
    await withdrawEmailChangeUndo(db, undo!.id);
    identity.log.error({ err: error, userId: user.id }, 'e-mail change notice failed; change refused');
    throw new AppError('ServiceUnavailable');
  }
  return undo!.id;
}

/** The change did not happen after all: its undo link is refused from now on. */
export async function withdrawEmailChangeUndo(db: Db, undoId: string): Promise<void> {
  await db.delete(emailChangeUndos).where(eq(emailChangeUndos.id, undoId));
}

/**
 * Undoes an e-mail change with the token from the notice, once, within its days. In one transaction:
 * the token (and any other of the account's, a thief's later change included) is spent; the old address
 * comes back (an unconfirmed sign-up that took it meanwhile is dropped: it proved nothing); MFA, when
 * on, sends its codes there again; the password, social links, pending contact changes, live codes, MFA
 * challenges and link flows go; every session ends. The owner gets back in with a password reset through the restored address.
 */
export async function undoEmailChange(
  identity: Identity,
  token: string,
  context: AuditContext,
): Promise<{ email: string }> {
  const now = new Date();
  try {
    return await identity.db.transaction(async (tx) => {
      const [undo] = await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeUndos.tokenHash, sha256(token)),
            isNull(emailChangeUndos.usedAt),
            gt(emailChangeUndos.expiresAt, now),
          ),
        )
        .returning();
      if (!undo) throw new AppError('EmailChangeUndoInvalid');
      const { userId, previousEmail } = undo;
      await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.userId, userId), isNull(emailChangeUndos.usedAt)));
      const [holder] = await tx
        .select({ id: users.id, emailConfirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(and(eq(users.email, previousEmail), ne(users.id, userId)));
      if (holder?.emailConfirmedAt) throw new AppError('UsernameExists');
      if (holder) await deleteAccount(tx, holder.id);
      await tx
        .update(users)
        .set({
          email: previousEmail,
          pendingEmail: null,
          pendingPhone: null,
          // A second factor stays on, but by e-mail: to the restored address, not to a phone set meanwhile.
          mfaMethod: 'email',
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx.delete(userCredentials).where(eq(userCredentials.userId, userId));
      await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
      await tx.delete(oauthStates).where(eq(oauthStates.linkUserId, userId));
      await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
      await revokeUserSessions(tx, userId, 'email_change_undone');
      // The link's holder is the account's person: the undo is theirs.
      await recordAudit(
        tx,
        { ...context, actorId: userId },
        { event: 'account.email_change_undone', userId },
      );
      return { email: previousEmail };
    });
  } catch (error) {
    // A sign-up took the address between the check and the update (PostgreSQL): nothing was undone.
    if (isUniqueViolation(error)) throw new AppError('UsernameExists');
    throw error;
  }
}

/** nodemailer's `EENVELOPE` with a 5xx (or no) reply: the recipient itself was refused for good. */
function isRecipientRefused(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && (responseCode === undefined || (responseCode >= 500 && responseCode < 600));
}
