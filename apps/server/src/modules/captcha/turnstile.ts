import type { CaptchaAction } from '@cotacep/shared/auth-responses';
import { type SiteVerifySettings, verifySiteToken } from './site-verify.ts';

/** Cloudflare Turnstile: success required; the action, when the widget set one, must be this form's. */
export function verifyTurnstile(
  settings: SiteVerifySettings,
  token: string,
  action: CaptchaAction,
  ip: string,
): Promise<string | null> {
  return verifySiteToken(settings, token, ip, (answer) =>
    answer.action && answer.action !== action ? `action ${answer.action} instead of ${action}` : null,
  );
}
