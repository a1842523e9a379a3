import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '#server/config.ts';
import { users } from '#server/db/schema/users.ts';
import { authGuard } from '#server/plugins/auth-guard.ts';
import { errorsPlugin } from '#server/plugins/errors.ts';
import { uniqueEmail } from '#server/test/auth-flows.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { startSmtpSink } from '#server/test/smtp-sink.ts';
import { toGuardIdentity } from '../../auth/guard-identity.ts';
import { createIdentity } from '../../auth/identity.ts';
import { createSession } from '../../auth/tokens/sessions.ts';
import { createMailer } from '../../mail/mailer.ts';
import { contactRoutes } from '../routes.ts';

export const TEAM_EMAIL = 'team@cotacep.test';
export const CONTACT_URL = '/api/contact';

/**
 * The contact routes as app.ts mounts them (portal scope with the auth guard, per-route rate limits, the
 * one error handler), mailing through a real SMTP server on loopback. Captcha is off and the per-IP limit
 * generous unless a test says otherwise.
 */
export async function createContactTestApp(env: Record<string, string> = {}) {
  const smtp = await startSmtpSink();
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: 'off',
    AUTH_RATE_LIMIT_MAX: '10000',
    CONTACT_EMAIL: TEAM_EMAIL,
    ...env,
  });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(fastifyRateLimit, { global: false });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
  });
  app.addHook('onClose', async () => mailer.close());
  const identity = await createIdentity({
    config,
    db: database.db,
    secret: 'x'.repeat(32),
    log: app.log,
    mailer,
  });
  await app.register(
    async (portal) => {
      await portal.register(authGuard, { identity: toGuardIdentity(identity) });
      await portal.register(contactRoutes, { prefix: '/contact', db: database.db, mailer, config });
    },
    { prefix: '/api' },
  );
  await app.ready();

  return {
    app,
    database,
    smtp,
    identity,
    /** A confirmed customer with a live session, and its access token. */
    async signIn() {
      const [user] = await database.db
        .insert(users)
        .values({
          email: uniqueEmail('customer'),
          firstName: 'Bia',
          lastName: 'Lima',
          emailConfirmedAt: new Date(),
        })
        .returning();
      const { sessionId } = await createSession(database.db, {
        userId: user!.id,
        method: 'password',
        userAgent: null,
        ip: null,
        ttlDays: 1,
      });
      const { accessToken } = await identity.tokens.issue(user!, sessionId);
      return { userId: user!.id, sessionId, accessToken };
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}

export type ContactTestApp = Awaited<ReturnType<typeof createContactTestApp>>;
