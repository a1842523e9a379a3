import {
  accountSchema,
  changePasswordRequestSchema,
  mfaSettingsRequestSchema,
} from '@cotacep/shared/account-schemas';
import { messageResponseSchema } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import type { Identity } from '../auth/identity.ts';
import { authMessage } from '../auth/messages.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { revokeUserSessions } from '../auth/tokens/sessions.ts';
import { findUserById, getPasswordHash, setPasswordHash } from '../auth/users.ts';
import { getAccountView } from './account-view.ts';

/** Security tab: change password (the current one required) and MFA on/off with its method. */
export const securityRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

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
    },
    async (request) => {
      const { id, sessionId } = getAuthUser(request);
      const { currentPassword, newPassword } = request.body;
      const passwordHash = await getPasswordHash(db, id);
      if (!passwordHash || !(await verifyPassword(passwordHash, currentPassword)))
        throw new AppError('NotAuthorized');
      assertPasswordPolicy(newPassword);
      await setPasswordHash(db, id, await hashPassword(newPassword));
      // Other devices must sign in again with the new password; this one stays.
      await revokeUserSessions(db, id, 'password_changed', sessionId);
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
      if (method === 'sms' && !user.phone) throw new AppError('SmsMfaNotConfigured');
      const [updated] = await db
        .update(users)
        .set({ mfaEnabled: enabled, mfaMethod: method, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return getAccountView(db, updated!);
    },
  );
};
