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
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { maskEmail } from './mask.ts';
import { authMessage } from './messages.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { authRateLimit } from './rate-limit.ts';
import { findUserByEmail, isUniqueViolation } from './users.ts';
import { consumeVerificationCode, issueVerificationCode } from './verification-codes.ts';

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
  const delivery = (email: string) => ({
    method: 'email' as const,
    destination: maskEmail(email),
    resendAfter: config.CODE_RESEND_SECONDS,
  });

  app.post(
    '/auth/signup',
    {
      schema: { body: signupRequestSchema, response: { 201: signupResponseSchema } },
      config: authRateLimit(config),
      preHandler: captchaGuard(identity.captcha, CAPTCHA_ACTIONS.signup),
    },
    async (request, reply) => {
      const body = request.body;
      assertPasswordPolicy(body.password);
      if (await findUserByEmail(db, body.email)) throw new AppError('UsernameExists');
      const language = body.language ?? requestLanguage(request);
      const entry = LANGUAGES.find((candidate) => candidate.code === language)!;
      const passwordHash = await hashPassword(body.password);
      let user: User;
      try {
        user = await db.transaction(async (tx) => {
          const [created] = await tx
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
            .returning();
          await tx.insert(userCredentials).values({ userId: created!.id, passwordHash });
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('UsernameExists');
        throw error;
      }
      let resendAfter = config.CODE_RESEND_SECONDS;
      try {
        await claimDeliverySlot(db, identity.throttle, 'signup', user.email);
        await sendSignupCode(identity, user);
      } catch (error) {
        // The account stands either way: a resend moments before holds the code back (the countdown
        // says when to ask again), and a delivery failure is left to "resend", since answering 5xx to
        // this POST would make the client retry it into "account exists".
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'TooManyRequests') resendAfter = Number(error.extra.retryAfter);
        else if (error.code !== 'CodeDeliveryFailed') throw error;
      }
      return reply.code(201).send({
        userConfirmed: false,
        message: authMessage(request, 'codeSent'),
        delivery: { ...delivery(user.email), resendAfter },
      });
    },
  );

  app.post(
    '/auth/signup/confirm',
    {
      schema: { body: signupConfirmRequestSchema, response: { 200: messageResponseSchema } },
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
      schema: { body: signupResendRequestSchema, response: { 200: codeSentResponseSchema } },
      config: authRateLimit(config),
    },
    async (request) => {
      const { email } = request.body;
      // The throttle applies to every address, known or not, so its answers reveal nothing.
      await claimDeliverySlot(db, identity.throttle, 'signup', email);
      const user = await findUserByEmail(db, email);
      // Sent in the background so a known address answers as fast as an unknown one.
      if (user && !user.emailConfirmedAt) {
        sendSignupCode(identity, user).catch((error: unknown) =>
          request.log.error({ err: error }, 'resend failed'),
        );
      }
      return { message: authMessage(request, 'codeSent'), delivery: delivery(email) };
    },
  );
};
