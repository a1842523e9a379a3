import type { CaptchaAction, CaptchaProvider } from '@cotacep/shared/auth-responses';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac } from '../../lib/secrets.ts';
import { type Altcha, createAltcha } from './altcha.ts';
import { verifyRecaptcha } from './recaptcha.ts';
import { verifyTurnstile } from './turnstile.ts';

/** One interface over every bot-protection provider; the routes only say which action they protect. */
export type CaptchaVerifier = {
  provider: CaptchaProvider;
  siteKey: string | null;
  altcha: Altcha | null;
  /** Throws CaptchaRequired when the token is missing and CaptchaFailed when the provider refuses it. */
  verify(token: string | undefined, action: CaptchaAction, ip: string): Promise<void>;
};

type Check = (token: string, action: CaptchaAction, ip: string) => Promise<string | null>;

function requireSecret(config: Config): string {
  if (!config.CAPTCHA_SECRET_KEY || !config.CAPTCHA_SITE_KEY) {
    throw new Error(
      `CAPTCHA_PROVIDER=${config.CAPTCHA_PROVIDER} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY`,
    );
  }
  return config.CAPTCHA_SECRET_KEY;
}

export function createCaptchaVerifier(
  config: Config,
  db: Db,
  appSecret: string,
  log: FastifyBaseLogger,
): CaptchaVerifier {
  const provider = config.CAPTCHA_PROVIDER;
  let altcha: Altcha | null = null;
  let check: Check | null = null;
  if (provider === 'altcha') {
    altcha = createAltcha(db, {
      hmacKey: config.ALTCHA_HMAC_KEY ?? hmac(appSecret, 'altcha'),
      cost: config.ALTCHA_COST,
      maxCounter: config.ALTCHA_MAX_COUNTER,
      expiresSeconds: config.ALTCHA_EXPIRES_SECONDS,
    });
    check = (token) => altcha!.verify(token);
  } else if (provider === 'turnstile') {
    const settings = { verifyUrl: config.TURNSTILE_VERIFY_URL, secret: requireSecret(config) };
    check = (token, action, ip) => verifyTurnstile(settings, token, action, ip);
  } else if (provider !== 'off') {
    const settings = {
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      secret: requireSecret(config),
      minScore: provider === 'recaptcha-v3' ? config.RECAPTCHA_MIN_SCORE : null,
    };
    check = (token, action, ip) => verifyRecaptcha(settings, token, action, ip);
  }
  return {
    provider,
    siteKey: provider === 'off' || provider === 'altcha' ? null : (config.CAPTCHA_SITE_KEY ?? null),
    altcha,
    async verify(token, action, ip) {
      if (!check) return;
      if (!token) throw new AppError('CaptchaRequired');
      const failure = await check(token, action, ip).catch((error: unknown) => {
        log.warn({ err: error, provider }, 'captcha verification could not be completed');
        return 'verification unavailable';
      });
      if (failure) {
        log.info({ provider, action, failure }, 'captcha refused');
        throw new AppError('CaptchaFailed');
      }
    },
  };
}

/** A preHandler for a route whose body carries `captchaToken`. */
export function captchaGuard(verifier: CaptchaVerifier, action: CaptchaAction) {
  return async (request: FastifyRequest) => {
    const body = request.body as { captchaToken?: string } | undefined;
    await verifier.verify(body?.captchaToken, action, request.ip);
  };
}
