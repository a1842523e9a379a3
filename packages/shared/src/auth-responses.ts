import { z } from 'zod';
import { MFA_METHODS, SECOND_FACTOR_METHODS } from './auth-fields.ts';

/** Response bodies of the auth client. Tokens follow spec §3/§7: `{ accessToken, idToken, expiresIn, refreshToken }`. */
export const tokenSetSchema = z.object({
  accessToken: z.string(),
  idToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  refreshToken: z.string(),
  /** Present when this sign-in cancelled the account's pending closure (issue 26): the SPA says so. */
  closureCancelled: z.literal(true).optional(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

/** Where a code went, masked: `j***@e***.com`, `+55*******4321`. */
export const codeDeliverySchema = z.object({
  method: z.enum(MFA_METHODS),
  destination: z.string(),
  /** Seconds before another code may be requested (the resend countdown). */
  resendAfter: z.number().int(),
});
export type CodeDelivery = z.infer<typeof codeDeliverySchema>;

/**
 * The second step of a login (issue 25): every second factor the user has, the one used last first.
 * `method` is the one the screen opens with (`methods[0]`, or the channel a resend switched to); a code
 * was sent only when it is `email` or `sms`.
 */
export const loginChallengeSchema = z.object({
  challenge: z.object({
    /** Opaque; send it back to `/auth/login/challenge` with the code (or to `/auth/passkey/options`). */
    session: z.string(),
    /** Seconds the challenge session stays usable. */
    expiresIn: z.number().int(),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    method: z.enum(SECOND_FACTOR_METHODS),
    /** Where the code went, masked, when `method` is `email` or `sms`; null otherwise. */
    destination: z.string().nullable(),
    /** Seconds before another code may be requested; 0 when no code was sent. */
    resendAfter: z.number().int(),
  }),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** A login answers either the token set or an MFA challenge. */
export const loginResponseSchema = z.union([tokenSetSchema, loginChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export function isLoginChallenge(response: LoginResponse): response is LoginChallenge {
  return 'challenge' in response;
}

export const signupResponseSchema = z.object({
  userConfirmed: z.boolean(),
  message: z.string(),
  delivery: codeDeliverySchema,
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * A confirmed sign-up: in the browser that signed up, signed in as a login would be (the token set, or the
 * MFA challenge when the account's policy asks for it); elsewhere only the message, and the login follows.
 */
export const signupConfirmResponseSchema = z.union([
  tokenSetSchema.extend({ message: z.string() }),
  loginChallengeSchema.extend({ message: z.string() }),
  messageResponseSchema,
]);
export type SignupConfirmResponse = z.infer<typeof signupConfirmResponseSchema>;

/** A code was (or, for unknown e-mails, seemed to be) sent. */
export const codeSentResponseSchema = z.object({ message: z.string(), delivery: codeDeliverySchema });
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

export const oauthExchangeResponseSchema = z.union([
  tokenSetSchema.extend({ redirectTo: z.string().nullable() }),
  loginChallengeSchema.extend({ redirectTo: z.string().nullable() }),
]);
export type OAuthExchangeResponse = z.infer<typeof oauthExchangeResponseSchema>;

export const CAPTCHA_PROVIDERS = [
  'off',
  'altcha',
  'recaptcha-v3',
  'recaptcha-v2-invisible',
  'recaptcha-v2-checkbox',
  'turnstile',
] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** The action names reCAPTCHA v3 / Turnstile tokens are created for, checked by the server. */
export const CAPTCHA_ACTIONS = {
  signup: 'signup',
  login: 'login',
  forgetPassword: 'forget_password',
  contact: 'contact',
} as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/** `GET <API_URL>/auth/providers`: which social buttons and which bot-protection widget the SPA shows. */
export const authProvidersResponseSchema = z.object({
  social: z.object({ github: z.boolean(), google: z.boolean() }),
  captcha: z.object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    /** The public site key (reCAPTCHA, Turnstile); null for ALTCHA and off. */
    siteKey: z.string().nullable(),
    /** ALTCHA: where the widget fetches its challenge; null otherwise. */
    challengeUrl: z.string().nullable(),
  }),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** The claims of the access token, which the SPA decodes as the current user (spec §3). */
export type AccessTokenClaims = {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  locale: string;
  language: string;
  token_use: 'access';
  sid: string;
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
  /**
   * "View as customer" (issue 26): the staff impersonation this read-only token belongs to (then `sid` is the
   * impersonation's id too). Absent from every ordinary token.
   */
  imp?: string;
};
