import type { CaptchaProvider } from '@cotacep/shared/auth-responses';

export type CaptchaCsp = { scriptSrc: string[]; frameSrc: string[] };

const RECAPTCHA: CaptchaCsp = {
  scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
const TURNSTILE: CaptchaCsp = {
  scriptSrc: ['https://challenges.cloudflare.com'],
  frameSrc: ['https://challenges.cloudflare.com'],
};

/**
 * Where the configured provider's script and frames come from, for the page's Content-Security-Policy.
 * ALTCHA is served by this site (its worker too) and "off" loads nothing, so they add no origin.
 */
export function getCaptchaCsp(provider: CaptchaProvider): CaptchaCsp {
  if (provider.startsWith('recaptcha-')) return RECAPTCHA;
  if (provider === 'turnstile') return TURNSTILE;
  return { scriptSrc: [], frameSrc: [] };
}
