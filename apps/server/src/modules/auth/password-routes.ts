import {
  CAPTCHA_ACTIONS,
  codeSentResponseSchema,
  messageResponseSchema,
} from '@cotacep/shared/auth-responses';
import { forgetPasswordRequestSchema, resetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/users.ts';
import { users } from '../../db/schema/users.ts';
import { runAfterResponse } from '../../lib/after-response.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditContextOf, recordAudit } from '../audit/record.ts';
import { captchaGuard } from '../captcha/captcha-verifier.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { clearFailures, lockoutKey } from './lockout.ts';
import { maskEmail } from './mask.ts';
import { authMessage } from './messages.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { authRateLimit } from './rate-limit.ts';
import { recordEmailConfirmed } from './signup-service.ts';
import { revokeUserSessions } from './tokens/sessions.ts';
import { findUserByEmail, getPasswordHash, setPasswordHash } from './users.ts';
import {
  consumeVerificationCode,
  releaseVerificationCode,
  sendVerificationCode,
} from './verification-codes.ts';

async function isCurrentPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const passwordHash = await getPasswordHash(db, userId);
  return passwordHash ? verifyPassword(passwordHash, password) : false;
}

async function sendResetCode(identity: Identity, user: User): Promise<void> {
  await sendVerificationCode(identity, {
    user,
    purpose: 'reset',
    method: 'email',
    destination: user.email,
    ttlSeconds: identity.config.RESET_CODE_TTL_SECONDS,
  });
}

/** Forgot password (a code by e-mail, the same answer for every address) and reset with that code. */
export const passwordRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

  app.post(
    '/auth/forget-password',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Send a password reset code',
        body: forgetPasswordRequestSchema,
        response: { 200: codeSentResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: captchaGuard(identity.captcha, CAPTCHA_ACTIONS.forgetPassword),
    },
    async (request) => {
      const { email } = request.body;
      // The client's hourly code limits count this request whether or not the address has an account.
      await claimDeliverySlot(db, identity.throttle, 'reset', email, { ip: request.ip });
      // The throttle above is the same for every address; the lookup and the e-mail come after the
      // answer, so a known address answers exactly like an unknown one (decision 017).
      runAfterResponse(request.log, 'reset code', async () => {
        const user = await findUserByEmail(db, email);
        if (user) await sendResetCode(identity, user);
      });
      return {
        message: authMessage(request, 'resetCodeSent'),
        delivery: {
          method: 'email' as const,
          destination: maskEmail(email),
          resendAfter: config.CODE_RESEND_SECONDS,
        },
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Set a new password with the reset code',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      assertPasswordPolicy(newPassword);
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError('CodeMismatch');
      await consumeVerificationCode(db, identity.codes, { userId: user.id, purpose: 'reset', code });
      // Checked only once the code is proven, so it tells nothing about the password to anyone else; the
      // code stays usable for another try, as with the other refusals of the new password.
      if (await isCurrentPassword(db, user.id, newPassword)) {
        await releaseVerificationCode(db, user.id, 'reset');
        throw new AppError('PasswordUnchanged');
      }
      const newHash = await hashPassword(newPassword);
      const context = auditContextOf(request, { id: user.id });
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, newHash);
        // The code proved the mailbox, so an unconfirmed account is confirmed by it too.
        await tx
          .update(users)
          .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, 'password_reset');
        await recordAudit(tx, context, { event: 'auth.password_reset', userId: user.id });
        if (!user.emailConfirmedAt) await recordEmailConfirmed(tx, context, user.id);
      });
      await clearFailures(db, lockoutKey(email));
      return { message: authMessage(request, 'passwordReset') };
    },
  );
};
