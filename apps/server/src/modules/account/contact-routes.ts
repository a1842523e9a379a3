import {
  accountSchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  verifyCodeRequestSchema,
} from '@cotacep/shared/account-schemas';
import { codeSentResponseSchema } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type User, users } from '../../db/schema/users.ts';
import type { CodePurpose } from '../../db/schema/verification-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { claimDeliverySlot } from '../auth/delivery-throttle.ts';
import type { Identity } from '../auth/identity.ts';
import { maskDestination } from '../auth/mask.ts';
import { authMessage } from '../auth/messages.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { findUserByEmail, findUserById, isUniqueViolation } from '../auth/users.ts';
import { consumeVerificationCode, issueVerificationCode } from '../auth/verification-codes.ts';
import { getAccountView } from './account-view.ts';

/** E-mail and phone changes: the new value waits as pending until the code sent to it comes back. */
export const contactRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

  const currentUser = async (id: string): Promise<User> => {
    const user = await findUserById(db, id);
    if (!user) throw new AppError('Unauthorized');
    return user;
  };

  async function sendCode(user: User, purpose: CodePurpose, method: 'email' | 'sms', destination: string) {
    await claimDeliverySlot(db, identity.throttle, purpose, destination);
    const ttlSeconds = config.SIGNUP_CODE_TTL_SECONDS;
    const code = await issueVerificationCode(db, identity.codes, {
      userId: user.id,
      purpose,
      destination,
      ttlSeconds,
    });
    await identity.sender.send({
      purpose,
      method,
      destination,
      code,
      language: user.language,
      name: user.firstName,
      ttlSeconds,
    });
    return {
      method,
      destination: maskDestination(method, destination),
      resendAfter: config.CODE_RESEND_SECONDS,
    };
  }

  app.post(
    '/account/email',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the e-mail (a code is sent to the new one)',
        body: changeEmailRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
      // The one route that still says an address is taken (decision 017): limited like sign-up.
      config: authRateLimit(config),
    },
    async (request) => {
      const user = await currentUser(getAuthUser(request).id);
      const { email } = request.body;
      const owner = await findUserByEmail(db, email);
      if (owner) throw new AppError('UsernameExists');
      await db.update(users).set({ pendingEmail: email, updatedAt: new Date() }).where(eq(users.id, user.id));
      const delivery = await sendCode(user, 'email_change', 'email', email);
      return { message: authMessage(request, 'verifyEmail'), delivery };
    },
  );

  app.post(
    '/account/email/verify',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm the new e-mail with its code',
        body: verifyCodeRequestSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = await currentUser(getAuthUser(request).id);
      if (!user.pendingEmail) throw new AppError('CodeMismatch');
      const { destination } = await consumeVerificationCode(db, identity.codes, {
        userId: user.id,
        purpose: 'email_change',
        code: request.body.code,
      });
      try {
        const [updated] = await db
          .update(users)
          .set({
            email: destination,
            pendingEmail: null,
            emailConfirmedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        return getAccountView(db, updated!);
      } catch (error) {
        // Someone signed up with that address while the code was on its way.
        if (isUniqueViolation(error)) throw new AppError('UsernameExists');
        throw error;
      }
    },
  );

  app.post(
    '/account/phone',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the phone number (a code is sent by SMS)',
        body: changePhoneRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
    },
    async (request) => {
      const user = await currentUser(getAuthUser(request).id);
      const { phone } = request.body;
      await db.update(users).set({ pendingPhone: phone, updatedAt: new Date() }).where(eq(users.id, user.id));
      const delivery = await sendCode(user, 'phone_verify', 'sms', phone);
      return { message: authMessage(request, 'verifyPhone'), delivery };
    },
  );

  app.post(
    '/account/phone/verify',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm the new phone number with its code',
        body: verifyCodeRequestSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = await currentUser(getAuthUser(request).id);
      if (!user.pendingPhone) throw new AppError('CodeMismatch');
      const { destination } = await consumeVerificationCode(db, identity.codes, {
        userId: user.id,
        purpose: 'phone_verify',
        code: request.body.code,
      });
      const [updated] = await db
        .update(users)
        .set({ phone: destination, pendingPhone: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return getAccountView(db, updated!);
    },
  );
};
