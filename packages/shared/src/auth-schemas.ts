import { z } from 'zod';
import {
  CODE_CHALLENGE_METHODS,
  captchaTokenField,
  codeField,
  confirmPasswordField,
  currentPasswordField,
  emailField,
  firstNameField,
  languageField,
  lastNameField,
  MFA_METHODS,
  newPasswordField,
  phoneField,
} from './auth-fields.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * Request bodies of the auth client (`<API_URL>/auth/...`). The web forms use the same schemas as
 * resolvers; `captchaToken` is filled by the configured bot-protection widget, not by the person.
 */
const passwordsMatch = (body: { confirmPassword: string }, password: string) =>
  body.confirmPassword === password;
const mismatch = { message: validationMessage('passwordsMustMatch'), path: ['confirmPassword'] };

export const signupRequestSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField,
    password: newPasswordField('passwordRequired'),
    confirmPassword: confirmPasswordField,
    phone: phoneField.optional(),
    /** The language of the account and its e-mails; the request's Accept-Language when absent. */
    language: languageField.optional(),
    captchaToken: captchaTokenField,
  })
  .refine((body) => passwordsMatch(body, body.password), mismatch);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupConfirmRequestSchema = z.object({ email: emailField, code: codeField('codeRequired') });
export type SignupConfirmRequest = z.infer<typeof signupConfirmRequestSchema>;

export const signupResendRequestSchema = z.object({ email: emailField });
export type SignupResendRequest = z.infer<typeof signupResendRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailField,
  password: currentPasswordField('passwordRequired'),
  captchaToken: captchaTokenField,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * `session` is the opaque challenge session from the login answer; `method` says what `code` is: the
 * authenticator app's code, a recovery code (`xxxxx-xxxxx`, any case, spaces and dashes ignored) or the code
 * sent by e-mail or SMS. Without `method`, the code sent (clients from before issue 25).
 */
export const loginChallengeRequestSchema = z.object({
  session: text().min(1).max(256),
  method: z.enum(CODE_CHALLENGE_METHODS).optional(),
  code: codeField('mfaCodeRequired'),
});
export type LoginChallengeRequest = z.infer<typeof loginChallengeRequestSchema>;

/** With `method`, the challenge switches to that channel (when the user has it) and the code goes there. */
export const loginChallengeResendRequestSchema = z.object({
  session: text().min(1).max(256),
  method: z.enum(MFA_METHODS).optional(),
});
export type LoginChallengeResendRequest = z.infer<typeof loginChallengeResendRequestSchema>;

export const tokenRefreshRequestSchema = z.object({ refreshToken: text().min(1).max(256) });
export type TokenRefreshRequest = z.infer<typeof tokenRefreshRequestSchema>;

/** Logout revokes the session of the Bearer token and/or of this refresh token. */
export const logoutRequestSchema = z.object({ refreshToken: text().min(1).max(256).optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const forgetPasswordRequestSchema = z.object({ email: emailField, captchaToken: captchaTokenField });
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    email: emailField,
    code: codeField('codeRequired'),
    newPassword: newPasswordField('newPasswordRequired'),
    confirmPassword: confirmPasswordField,
  })
  .refine((body) => passwordsMatch(body, body.newPassword), mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const OAUTH_PROVIDERS = ['github', 'google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Query of `GET <API_URL>/auth/oauth/:provider/start`: where the SPA goes after signing in. */
export const oauthStartQuerySchema = z.object({
  redirect: text()
    .max(512)
    .regex(/^\/(?!\/)/)
    .optional(),
});

/** The one-time code the OAuth callback hands the SPA (in `/auth/login#oauthCode=...`). */
export const oauthExchangeRequestSchema = z.object({ code: text().min(1).max(256) });
export type OAuthExchangeRequest = z.infer<typeof oauthExchangeRequestSchema>;
