import { CAPTCHA_PROVIDERS } from '@cotacep/shared/auth-responses';
import { z } from 'zod';

/** Bot protection on sign-up, login, forgot-password and contact; ALTCHA works offline and is the default. */
export const captchaEnv = {
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
  /** reCAPTCHA / Turnstile public site key, handed to the SPA. */
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** reCAPTCHA / Turnstile secret, used only by the server's verify call. */
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** HMAC key that signs ALTCHA challenges; derived from the app secret when absent. */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** PBKDF2 iterations per attempt and the largest counter: together the proof of work's size. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(5_000),
  ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
};
