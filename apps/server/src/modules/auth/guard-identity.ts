import type { GuardIdentity } from '../../plugins/auth-guard.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import type { Identity } from './identity.ts';
import { isSessionActive } from './tokens/sessions.ts';

/** What the portal's auth guard (a plugin) needs of identity, so plugins never reach into auth. */
export function toGuardIdentity(identity: Identity): GuardIdentity {
  return {
    verifyAccessToken: (token) => identity.tokens.verifyAccessToken(token),
    isSessionActive: (sessionId, userId) => isSessionActive(identity.db, sessionId, userId),
    captchaGuard: (action) => captchaGuard(identity.captcha, action),
  };
}
