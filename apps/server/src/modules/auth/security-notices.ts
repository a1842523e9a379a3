import type { User } from '../../db/schema/users.ts';
import { renderSecurityNotice, type SecurityNotice } from '../mail/security-notice-email.ts';
import type { Identity } from './identity.ts';

export type { SecurityNotice };

/** The web's Security tab (the `account/security` route of apps/web `routes.tsx`). */
const SECURITY_TAB_PATH = '/account/security';

/**
 * Tells the user, in their language, about a change to how their account is protected. Queued through the
 * outbox; a delivery failure never fails the change itself.
 */
export async function sendSecurityNotice(
  identity: Identity,
  user: User,
  notice: SecurityNotice,
): Promise<void> {
  const { config } = identity;
  try {
    await identity.mailer.send({
      to: user.email,
      language: user.language,
      ...renderSecurityNotice({
        language: user.language,
        name: user.firstName,
        appName: config.APP_NAME,
        timeZone: user.timezone,
        at: notice.kind === 'new_browser' ? notice.at : new Date(),
        securityUrl: new URL(SECURITY_TAB_PATH, config.publicUrl).toString(),
        notice,
      }),
    });
  } catch (error) {
    // The kind only: a new browser's notice carries its IP, which no log line holds in full.
    identity.log.error({ err: error, userId: user.id, notice: notice.kind }, 'security notice not sent');
  }
}
