import {
  CAPTCHA_ACTIONS,
  loginChallengeSchema,
  loginResponseSchema,
  tokenSetSchema,
} from '@cotacep/shared/auth-responses';
import {
  loginChallengeRequestSchema,
  loginChallengeResendRequestSchema,
  loginRequestSchema,
} from '@cotacep/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runAfterResponse } from '../../lib/after-response.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditContextOf } from '../audit/record.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import { recordSignInFailure } from './audit-entries.ts';
import { answerChallenge } from './challenge-answer.ts';
import type { Identity } from './identity.ts';
import { clearFailures, lockoutKey, reserveAttempt } from './lockout.ts';
import { completeLogin, issueSession } from './login-completion.ts';
import { resendChallengeCode } from './mfa-challenge.ts';
import { noStore } from './no-store.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { authRateLimit } from './rate-limit.ts';
import { findUserByEmail, getPasswordHash } from './users.ts';

/** Login (first factor), the MFA challenge and its resend. */
export const loginRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Log in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: captchaGuard(identity.captcha, CAPTCHA_ACTIONS.login),
      onSend: noStore,
    },
    async (request) => {
      const { email, password } = request.body;
      const key = lockoutKey(email);
      // The attempt is counted before the password is verified; only a success gives it back.
      const reservation = await reserveAttempt(db, key, identity.lockout);
      const user = await findUserByEmail(db, email);
      const passwordHash = user ? await getPasswordHash(db, user.id) : null;
      // Unknown e-mails (and social-only accounts) verify against a dummy hash: same answer, same time.
      const isValid = passwordHash
        ? await verifyPassword(passwordHash, password)
        : await verifyAgainstDummy(password);
      if (user && !isValid) {
        // An existing account's failure goes on its record after the answer, which stays that of an
        // unknown e-mail (decision 017); an unknown e-mail records nothing.
        const context = auditContextOf(request, { id: user.id });
        const failure = { reason: 'password', method: 'password' } as const;
        runAfterResponse(request.log, 'sign-in failure entry', () =>
          recordSignInFailure(db, context, user.id, failure, reservation),
        );
      }
      if (!user || !isValid) throw new AppError('NotAuthorized');
      await clearFailures(db, key);
      if (!user.emailConfirmedAt) throw new AppError('UserNotConfirmed');
      return completeLogin(identity, request, user, 'password');
    },
  );

  app.post(
    '/auth/login/challenge',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Finish logging in with a second factor',
        description:
          '`method` says what `code` is: `totp` (the authenticator app), `recovery` (a recovery code), ' +
          '`email` or `sms` (the code sent); without it, the code sent. Passkeys answer through ' +
          '`/auth/passkey/*`. At most five wrong answers per challenge, whatever the method.',
        body: loginChallengeRequestSchema,
        response: { 200: tokenSetSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => {
      const { session, method, code } = request.body;
      const { user, loginMethod, secondFactor } = await answerChallenge(
        identity,
        request,
        session,
        method,
        code,
      );
      return issueSession(identity, request, user, loginMethod, secondFactor);
    },
  );

  app.post(
    '/auth/login/challenge/resend',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Send the e-mail or SMS code (again)',
        description: 'With `method`, the challenge switches to that channel, when the user has it.',
        body: loginChallengeResendRequestSchema,
        response: { 200: loginChallengeSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => resendChallengeCode(identity, request.body.session, request.body.method),
  );
};
