import { eq } from 'drizzle-orm';
import type { User } from '../../db/schema/users.ts';
import { users } from '../../db/schema/users.ts';
import { type PrivacyNotice, renderPrivacyEmail } from '../mail/privacy-email.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

/** Sends a privacy e-mail in the user's language; a failure is logged, never thrown (the change stands). */
async function sendNotice(deps: PrivacyDeps, user: User, notice: PrivacyNotice): Promise<void> {
  const mail = renderPrivacyEmail({
    language: user.language,
    name: user.firstName,
    appName: deps.config.APP_NAME,
    timeZone: user.timezone,
    notice,
  });
  try {
    await deps.mailer.send({ to: user.email, language: user.language, ...mail });
  } catch (error) {
    deps.log.error({ err: error, notice: notice.kind }, 'privacy e-mail not sent');
  }
}

/** The link to the SPA page that downloads a ready export (signed in as its owner). */
export async function mailExportReady(
  deps: PrivacyDeps,
  exportId: string,
  userId: string,
  expiresAt: Date,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  await sendNotice(deps, user, {
    kind: 'export_ready',
    downloadUrl: `${deps.config.publicUrl}/account/data-export/${exportId}`,
    expiresAt,
    ttlHours: deps.config.DATA_EXPORT_TTL_HOURS,
  });
}

/** The closure's date and how to cancel it (sign in before). */
export async function mailClosureConfirmation(deps: PrivacyDeps, user: User, anonymiseAfter: Date) {
  await sendNotice(deps, user, {
    kind: 'closure_requested',
    anonymiseAfter,
    loginUrl: `${deps.config.publicUrl}/auth/login`,
  });
}
