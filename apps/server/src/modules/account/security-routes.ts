import {
  accountSchema,
  changePasswordRequestSchema,
  mfaSettingsRequestSchema,
  reauthenticatedResponseSchema,
  reauthenticateRequestSchema,
} from '@cotacep/shared/account-schemas';
import { codeSentResponseSchema, messageResponseSchema } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf, recordAudit } from '../audit/record.ts';
import { recordOtherSessionsEnded } from '../auth/audit-entries.ts';
import type { Identity } from '../auth/identity.ts';
import { clearFailures, lockoutKey, reserveAttempt } from '../auth/lockout.ts';
import { authMessage } from '../auth/messages.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import {
  assertRecentAuthentication,
  markAuthenticated,
  reauthenticate,
  requireRecentAuthentication,
  sendReauthCode,
} from '../auth/reauthentication.ts';
import { revokeUserSessions } from '../auth/tokens/sessions.ts';
import { findUserById, getPasswordHash, setPasswordHash } from '../auth/users.ts';
import { getAccountView } from './account-view.ts';
import { recordCodeFactorChange } from './code-factor-audit.ts';

/**
 * Security tab: change password (the current one required) and MFA on/off with its method. Changing the
 * password, turning MFA off and changing its method need a recent re-authentication (issue 22), which the
 * session gets here: the password, or a code sent to the second factor (by e-mail to an account without a
 * password), lets it make sensitive changes for `REAUTH_WINDOW_SECONDS`.
 */
export const securityRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;
  const recentAuthentication = requireRecentAuthentication(identity);

  app.post(
    '/account/password',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the password',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => {
      const { id, sessionId } = getAuthUser(request);
      const { currentPassword, newPassword } = request.body;
      const user = await findUserById(db, id);
      if (!user) throw new AppError('Unauthorized');
      // A wrong current password counts toward the login lockout, reserved before it is verified.
      const key = lockoutKey(user.email);
      await reserveAttempt(db, key, identity.lockout);
      const passwordHash = await getPasswordHash(db, id);
      if (!passwordHash || !(await verifyPassword(passwordHash, currentPassword)))
        throw new AppError('NotAuthorized');
      await clearFailures(db, key);
      assertPasswordPolicy(newPassword);
      const newHash = await hashPassword(newPassword);
      const context = auditContextOf(request);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, id, newHash);
        // Other devices must sign in again with the new password; this one stays, having just proven it.
        const ended = await revokeUserSessions(tx, id, 'password_changed', sessionId);
        await recordAudit(tx, context, { event: 'auth.password_changed', userId: id });
        await recordOtherSessionsEnded(tx, context, id, sessionId, ended);
      });
      await markAuthenticated(db, sessionId);
      return { message: authMessage(request, 'saved') };
    },
  );

  app.put(
    '/account/mfa',
    {
      schema: {
        tags: ['Account'],
        summary: 'Turn MFA on or off and choose its channel',
        body: mfaSettingsRequestSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = await findUserById(db, getAuthUser(request).id);
      if (!user) throw new AppError('Unauthorized');
      const { enabled, method } = request.body;
      // Turning the second step on needs nothing more; turning it off or moving it elsewhere does.
      if (user.mfaEnabled && (!enabled || method !== user.mfaMethod))
        await assertRecentAuthentication(identity, request);
      if (method === 'sms' && !user.phone) throw new AppError('SmsMfaNotConfigured');
      const context = auditContextOf(request);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ mfaEnabled: enabled, mfaMethod: method, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        await recordCodeFactorChange(tx, context, user, { enabled, method });
        return row!;
      });
      return getAccountView(db, updated);
    },
  );

  app.post(
    '/account/reauthenticate',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm it is you (password or code) before a sensitive change',
        body: reauthenticateRequestSchema,
        response: { 200: reauthenticatedResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      await reauthenticate(identity, request, request.body);
      return { message: authMessage(request, 'reauthenticated'), expiresIn: config.REAUTH_WINDOW_SECONDS };
    },
  );

  app.post(
    '/account/reauthenticate/code',
    {
      schema: {
        tags: ['Account'],
        summary: 'Send a code to confirm it is you (second factor, or e-mail without a password)',
        response: { 200: codeSentResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const delivery = await sendReauthCode(identity, getAuthUser(request).id, request.ip);
      return { message: authMessage(request, 'reauthCodeSent'), delivery };
    },
  );
};
