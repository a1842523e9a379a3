import {
  CAPTCHA_ACTIONS,
  codeSentResponseSchema,
  messageResponseSchema,
  signupResponseSchema,
} from '@cotacep/shared/auth-responses';
import {
  signupConfirmRequestSchema,
  signupRequestSchema,
  signupResendRequestSchema,
} from '@cotacep/shared/auth-schemas';
import { LANGUAGES } from '@cotacep/shared/languages';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import { renderSignupAttemptEmail } from '../mail/signup-attempt-email.ts';
import { runAfterResponse } from './after-response.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { maskEmail } from './mask.ts';
import { authMessage } from './messages.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { authRateLimit } from './rate-limit.ts';
import { findUserByEmail } from './users.ts';
import { consumeVerificationCode, issueVerificationCode } from './verification-codes.ts';

/**
 * The address's sign-up e-mail, after the answer: a new account gets its code; an existing one gets the
 * notice that someone tried to sign up with it. Both share one throttle, applied silently (decision 017).
 */
async function sendSignupMail(identity: Identity, email: string, created: User | undefined): Promise<void> {
  if (!(await claimSilently(identity, 'signup', email))) return;
  if (created) return sendSignupCode(identity, created);
  const owner = await findUserByEmail(identity.db, email);
  if (owner) await sendSignupAttemptNotice(identity, owner);
}

/** The delivery throttle without its 429: false when the address had its mail too recently. */
async function claimSilently(identity: Identity, purpose: string, email: string): Promise<boolean> {
  try {
    await claimDeliverySlot(identity.db, identity.throttle, purpose, email);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TooManyRequests') return false;
    throw error;
  }
}

async function sendSignupAttemptNotice(identity: Identity, owner: User): Promise<void> {
  const { config } = identity;
  const resetUrl = new URL('/auth/forget-password', config.publicUrl);
  resetUrl.search = new URLSearchParams({ email: owner.email }).toString();
  await identity.mailer.send({
    to: owner.email,
    language: owner.language,
    ...renderSignupAttemptEmail({
      language: owner.language,
      name: owner.firstName,
      appName: config.APP_NAME,
      loginUrl: new URL('/auth/login', config.publicUrl).toString(),
      resetUrl: resetUrl.toString(),
    }),
  });
}

/** Issues and e-mails a sign-up code with a link that opens the confirmation screen with it filled in. */
async function sendSignupCode(identity: Identity, user: User): Promise<void> {
  const ttlSeconds = identity.config.SIGNUP_CODE_TTL_SECONDS;
  const code = await issueVerificationCode(identity.db, identity.codes, {
    userId: user.id,
    purpose: 'signup',
    destination: user.email,
    ttlSeconds,
  });
  const link = new URL('/auth/signup/confirm', identity.config.publicUrl);
  link.search = new URLSearchParams({ email: user.email, code }).toString();
  await identity.sender.send({
    purpose: 'signup',
    method: 'email',
    destination: user.email,
    code,
    language: user.language,
    name: user.firstName,
    ttlSeconds,
    link: link.toString(),
  });
}

/** Sign-up, its confirmation by code, and resending the code. */
export const signupRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;
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
      assertPasswordPolicy(body.password);
      const language = body.language ?? requestLanguage(request);
      const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
      // Hashed for a taken address too, and the same INSERT tried: both answers take the same time.
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            pendingPhone: body.phone ?? null,
            language,
            locale: language === 'en' ? 'en-US' : 'pt-BR',
            currency: entry.currency_code,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (user) await tx.insert(userCredentials).values({ userId: user.id, passwordHash });
        return user;
      });
      runAfterResponse(request.log, 'sign-up e-mail', () => sendSignupMail(identity, body.email, created));
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
        summary: 'Confirm the account with the e-mailed code',
        body: signupConfirmRequestSchema,
        response: { 200: messageResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      // Unknown e-mails fail exactly like wrong codes.
      if (!user) throw new AppError('CodeMismatch');
      await consumeVerificationCode(db, identity.codes, {
        userId: user.id,
        purpose: 'signup',
        code: request.body.code,
      });
      await db
        .update(users)
        .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return { message: authMessage(request, 'accountConfirmed') };
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
      // Its own throttle, which only resends move, so a sign-up moments before shows nothing here.
      await claimDeliverySlot(db, identity.throttle, 'signup-resend', email);
      runAfterResponse(request.log, 'sign-up code resend', async () => {
        const user = await findUserByEmail(db, email);
        if (user && !user.emailConfirmedAt) await sendSignupCode(identity, user);
      });
      return { message: authMessage(request, 'codeSent'), delivery: delivery(email) };
    },
  );
};
