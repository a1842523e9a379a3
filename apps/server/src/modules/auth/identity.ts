import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { type CaptchaVerifier, createCaptchaVerifier } from '../captcha/captcha-verifier.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createSmsSender, type SmsSender } from '../sms/sms-sender.ts';
import { type CodeSender, createCodeSender } from './code-sender.ts';
import type { ThrottleSettings } from './delivery-throttle.ts';
import type { LockoutSettings } from './lockout.ts';
import { createTokenService, type TokenService } from './tokens/jwt.ts';
import { loadKeyRing } from './tokens/signing-key.ts';
import type { CodeSettings } from './verification-codes.ts';

/** Everything the identity routes share, built once per app from the configuration (social sign-in adds its clients: `withOAuth`). */
export type Identity = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenService;
  codes: CodeSettings;
  throttle: ThrottleSettings;
  lockout: LockoutSettings;
  sender: CodeSender;
  mailer: Mailer;
  sms: SmsSender;
  captcha: CaptchaVerifier;
  /**
   * Runs as each session is issued, after any second factor: privacy's account-closure cancellation (set by
   * `withPrivacy`, so auth never imports privacy). What it answers joins the token set.
   */
  onSessionIssued?: (request: FastifyRequest, user: User) => Promise<Pick<TokenSet, 'closureCancelled'>>;
};

export async function createIdentity(options: {
  config: Config;
  db: Db;
  /** The installation's secret (APP_SECRET or generated): the pepper of stored codes. */
  secret: string;
  log: FastifyBaseLogger;
  /** The app's one mailer (app.ts closes it). */
  mailer: Mailer;
}): Promise<Identity> {
  const { config, db, secret, log, mailer } = options;
  const keys = await loadKeyRing(db, config.JWT_PRIVATE_KEY);
  const tokens = createTokenService(keys, {
    issuer: config.JWT_ISSUER ?? config.publicUrl,
    audience: config.JWT_AUDIENCE,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  const logBodies = !config.isProduction;
  const smsProvider =
    config.SMS_API_URL && config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM
      ? {
          apiUrl: config.SMS_API_URL,
          accountSid: config.SMS_ACCOUNT_SID,
          authToken: config.SMS_AUTH_TOKEN,
          from: config.SMS_FROM,
        }
      : null;
  const sms = createSmsSender({ provider: smsProvider, db, log, logBodies });
  return {
    config,
    db,
    log,
    tokens,
    codes: { secret, maxAttempts: config.CODE_MAX_ATTEMPTS },
    throttle: {
      resendSeconds: config.CODE_RESEND_SECONDS,
      maxPerHour: config.CODE_MAX_PER_HOUR,
      limits: {
        perAccount: config.CODE_MAX_PER_ACCOUNT_PER_HOUR,
        perIp: config.CODE_MAX_PER_IP_PER_HOUR,
        perPhonePrefix: config.CODE_MAX_PER_PHONE_PREFIX_PER_HOUR,
        perEmailDomain: config.CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR,
      },
      log,
    },
    lockout: {
      maxFailures: config.LOGIN_MAX_FAILURES,
      baseSeconds: config.LOGIN_LOCKOUT_BASE_SECONDS,
      maxSeconds: config.LOGIN_LOCKOUT_MAX_SECONDS,
      resetSeconds: config.LOGIN_FAILURE_RESET_SECONDS,
    },
    sender: createCodeSender({ mailer, sms, appName: config.APP_NAME, log }),
    mailer,
    sms,
    captcha: createCaptchaVerifier(config, db, secret, log),
  };
}
