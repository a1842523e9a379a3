import type { CaptchaAction } from '@cotacep/shared/auth-responses';
import { callSiteVerify } from './site-verify.ts';

/** Cloudflare Turnstile: success required; the action, when the widget set one, must be this form's. */
export async function verifyTurnstile(
  settings: { verifyUrl: string; secret: string },
  token: string,
  action: CaptchaAction,
  ip: string,
): Promise<string | null> {
  const answer = await callSiteVerify(settings.verifyUrl, {
    secret: settings.secret,
    response: token,
    remoteip: ip,
  });
  if (!answer.success) return `unsuccessful: ${(answer['error-codes'] ?? []).join(',')}`;
  if (answer.action && answer.action !== action) return `action ${answer.action} instead of ${action}`;
  return null;
}
