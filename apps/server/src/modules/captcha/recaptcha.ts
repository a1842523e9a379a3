import type { CaptchaAction } from '@cotacep/shared/auth-responses';
import { type SiteVerifySettings, verifySiteToken } from './site-verify.ts';

export type RecaptchaSettings = SiteVerifySettings & {
  /** v3 only: the lowest score accepted and the action the token must have been made for. */
  minScore: number | null;
};

/** reCAPTCHA v3 (score and action checked) or v2 invisible/checkbox (success only). Returns why it failed. */
export function verifyRecaptcha(
  settings: RecaptchaSettings,
  token: string,
  action: CaptchaAction,
  ip: string,
): Promise<string | null> {
  return verifySiteToken(settings, token, ip, (answer) => {
    if (settings.minScore === null) return null;
    if (answer.action !== action) return `action ${answer.action ?? 'missing'} instead of ${action}`;
    if (typeof answer.score !== 'number' || answer.score < settings.minScore) return `score ${answer.score}`;
    return null;
  });
}
