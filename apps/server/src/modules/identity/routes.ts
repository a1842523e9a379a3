import type { FastifyInstance } from 'fastify';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { contactRoutes } from '../account/contact-routes.ts';
import { profileRoutes } from '../account/profile-routes.ts';
import { secondFactorRoutes } from '../account/second-factor-routes.ts';
import { securityRoutes } from '../account/security-routes.ts';
import { sessionsRoutes } from '../account/sessions-routes.ts';
import { emailChangeUndoRoutes } from '../auth/email-change-undo-routes.ts';
import { setKnownBrowserCookie } from '../auth/known-browsers.ts';
import { loginRoutes } from '../auth/login-routes.ts';
import { passwordRoutes } from '../auth/password-routes.ts';
import { signupRoutes } from '../auth/signup-routes.ts';
import { tokenRoutes } from '../auth/token-routes.ts';
import { captchaRoutes } from '../captcha/routes.ts';
import { devMailboxRoutes } from '../mail/dev-mailbox-routes.ts';
import { oauthLinkRoutes } from '../oauth/link-routes.ts';
import type { OAuthIdentity } from '../oauth/oauth-identity.ts';
import { oauthRoutes } from '../oauth/routes.ts';
import { passkeyAccountRoutes } from '../passkeys/account-routes.ts';
import { passkeySignInRoutes } from '../passkeys/sign-in-routes.ts';
import { providersRoutes } from './providers-routes.ts';

/**
 * Every identity route inside the portal scope (`/api`): the auth client's routes, the account settings
 * behind the Bearer token, and the development mailbox, which production never registers.
 */
export async function identityRoutes(app: FastifyInstance, { identity }: { identity: OAuthIdentity }) {
  // E-mails still being sent after their answers go out before the mailer closes.
  app.addHook('onClose', drainAfterResponse);
  // Every route that signs in gives its browser the cookie that recognises it next time (issue 25).
  app.addHook('onSend', setKnownBrowserCookie(identity));
  await app.register(signupRoutes, { identity });
  await app.register(loginRoutes, { identity });
  await app.register(passkeySignInRoutes, { identity });
  await app.register(tokenRoutes, { identity });
  await app.register(passwordRoutes, { identity });
  await app.register(emailChangeUndoRoutes, { identity });
  await app.register(providersRoutes, { identity });
  await app.register(oauthRoutes, { identity });
  await app.register(captchaRoutes, {
    captcha: identity.captcha,
    rateLimitMax: identity.config.AUTH_RATE_LIMIT_MAX,
  });
  await app.register(async (account) => {
    account.addHook('onRequest', account.authenticate);
    await account.register(profileRoutes, { identity });
    await account.register(contactRoutes, { identity });
    await account.register(securityRoutes, { identity });
    await account.register(secondFactorRoutes, { identity });
    await account.register(passkeyAccountRoutes, { identity });
    await account.register(sessionsRoutes, { identity });
    await account.register(oauthLinkRoutes, { identity });
  });
  if (!identity.config.isProduction) await app.register(devMailboxRoutes, { db: identity.db });
}
