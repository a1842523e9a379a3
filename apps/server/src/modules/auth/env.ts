import { z } from 'zod';

/** Ten minutes: long enough to finish an e-mail change with its code, short enough for a left-open laptop. */
export const REAUTH_WINDOW_DEFAULT_SECONDS = 600;

const seconds = (fallback: number, max = 365 * 86_400) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

const perHour = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Identity settings; every figure of issue 3 is a default here. Spread into config.ts's envSchema. */
export const authEnv = {
  /** PKCS#8 PEM of a P-256 (ES256) or Ed25519 (EdDSA) key; when absent one is generated and kept in the DB. */
  JWT_PRIVATE_KEY: z
    .string()
    .regex(/-----BEGIN PRIVATE KEY-----/, 'must be a PKCS#8 PEM private key')
    .optional(),
  /** The `iss` of every token; the public URL when absent. */
  JWT_ISSUER: z.url().optional(),
  JWT_AUDIENCE: z.string().min(1).default('cotacep-portal'),
  ACCESS_TOKEN_TTL_SECONDS: seconds(900, 86_400),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A refresh token used again this soon after its rotation answers with the same successor (two tabs). */
  REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * How long a login or a re-authentication lets this session make sensitive changes (e-mail, phone,
   * password, turning MFA off or changing its method, social links) without proving its user again.
   */
  REAUTH_WINDOW_SECONDS: seconds(REAUTH_WINDOW_DEFAULT_SECONDS, 3_600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCKOUT_BASE_SECONDS: seconds(1, 3_600),
  LOGIN_LOCKOUT_MAX_SECONDS: seconds(900, 86_400),
  LOGIN_FAILURE_RESET_SECONDS: seconds(900, 86_400),
  /** Requests per client IP to each auth route per window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(20),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: seconds(60, 86_400),
  SIGNUP_CODE_TTL_SECONDS: seconds(86_400),
  RESET_CODE_TTL_SECONDS: seconds(900),
  MFA_CODE_TTL_SECONDS: seconds(300),
  MFA_CHALLENGE_TTL_SECONDS: seconds(900),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** One code per destination and purpose per this many seconds… */
  CODE_RESEND_SECONDS: seconds(60, 86_400),
  /** …and at most this many per hour. */
  CODE_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(5),
  /**
   * Codes sent per hour to destinations the requester typed (sign-up, resend, password reset, e-mail and
   * phone changes; not the second step of a login, whose destination is proven), against SMS pumping
   * (issue 22): per signed-in account…
   */
  CODE_MAX_PER_ACCOUNT_PER_HOUR: perHour(25),
  /** …per client IP address (an IPv6 client's /64)… */
  CODE_MAX_PER_IP_PER_HOUR: perHour(100),
  /** …per phone prefix, country and area code ("+55 11")… */
  CODE_MAX_PER_PHONE_PREFIX_PER_HOUR: perHour(50),
  /** …and per e-mail domain. */
  CODE_MAX_PER_EMAIL_DOMAIN_PER_HOUR: perHour(500),
};
