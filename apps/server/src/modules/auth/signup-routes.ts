import {
  CAPTCHA_ACTIONS,
  codeSentResponseSchema,
  signupConfirmResponseSchema,
  signupResponseSchema,
} from '@cotacep/shared/auth-responses';
import {
  signupConfirmRequestSchema,
  signupRequestSchema,
  signupResendRequestSchema,
} from '@cotacep/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runAfterResponse } from '../../lib/after-response.ts';
import { requestLanguage } from '../../lib/language.ts';
import { auditContextOf } from '../audit/record.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import type { Identity } from './identity.ts';
import { completeLogin } from './login-completion.ts';
import { maskEmail } from './mask.ts';
import { authMessage } from './messages.ts';
import { noStore } from './no-store.ts';
import { authRateLimit } from './rate-limit.ts';
import { isSignupBrowser, setSignupBrowserCookie } from './signup-browser.ts';
import {
  claimSignupResend,
  confirmAccount,
  createAccount,
  resendSignupCode,
  sendSignupMail,
} from './signup-service.ts';

/** Sign-up, its confirmation by code, and resending the code. */
export const signupRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { config } = identity;
  // The same answer for every address, known or not: the countdown is always the full gap.
  const delivery = (email: string) => ({
    method: 'email' as const,
    destination: maskEmail(email),
    resendAfter: config.CODE_RESEND_SECONDS,
  });

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Create an account (the same answer whether or not the e-mail has one)',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: captchaGuard(identity.captcha, CAPTCHA_ACTIONS.signup),
    },
    async (request, reply) => {
      const body = request.body;
      const language = body.language ?? requestLanguage(request);
      const context = auditContextOf(request);
      const created = await createAccount(identity, body, language, { ip: request.ip }, context);
      runAfterResponse(request.log, 'sign-up e-mail', () => sendSignupMail(identity, body.email, created));
      setSignupBrowserCookie(identity, reply, body.email);
      return reply.code(201).send({
        userConfirmed: false,
        message: authMessage(request, 'codeSent'),
        delivery: delivery(body.email),
      });
    },
  );

  app.post(
    '/auth/signup/confirm',
    {
      schema: {
        tags: ['Auth'],
        summary:
          'Confirm the account with the e-mailed code; in the browser that signed up, this also signs in ' +
          '(the token set, or the MFA challenge when the account has MFA on)',
        body: signupConfirmRequestSchema,
        response: { 200: signupConfirmResponseSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => {
      const { email, code } = request.body;
      const user = await confirmAccount(identity, email, code, auditContextOf(request));
      const message = authMessage(request, 'accountConfirmed');
      if (!isSignupBrowser(identity, request, email)) return { message };
      // The code proves the address and this browser typed the password at sign-up: a login, same rules.
      return { message, ...(await completeLogin(identity, request, user, 'password')) };
    },
  );

  app.post(
    '/auth/signup/resend',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Send the confirmation code again',
        body: signupResendRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const { email } = request.body;
      await claimSignupResend(identity, email, request.ip);
      runAfterResponse(request.log, 'sign-up code resend', () => resendSignupCode(identity, email));
      return { message: authMessage(request, 'codeSent'), delivery: delivery(email) };
    },
  );
};
