import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { authGuard, getAuthUser } from '../../plugins/auth-guard.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { createTestDatabase } from '../../test/database.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createMailer } from '../mail/mailer.ts';
import { toGuardIdentity } from './guard-identity.ts';
import { createIdentity } from './identity.ts';

// A module outside identity (here a stand-in contact form and a private page) using the decorators.
const verify = await startHttpStub((request) => ({
  json:
    formOf(request).response === 'human'
      ? { success: true, score: 0.9, action: 'contact' }
      : { success: false },
}));
let database: Database;
const app = Fastify();
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'recaptcha-v3',
    CAPTCHA_SITE_KEY: 'site',
    CAPTCHA_SECRET_KEY: 'secret',
    RECAPTCHA_VERIFY_URL: verify.url,
  });
  const mailer = createMailer({ from: config.MAIL_FROM, db: database.db, log: app.log });
  const identity = await createIdentity({
    config,
    db: database.db,
    secret: 'x'.repeat(32),
    log: app.log,
    mailer,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(async (portal) => {
    await portal.register(authGuard, { identity: toGuardIdentity(identity) });
    portal.post('/contact', { preHandler: portal.captchaGuard(CAPTCHA_ACTIONS.contact) }, async () => ({
      sent: true,
    }));
    portal.get('/private', { onRequest: portal.authenticate }, async (request) => ({
      id: getAuthUser(request).id,
    }));
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await verify.close();
});

describe('identity decorators for other modules', () => {
  it('captchaGuard protects a form with the configured provider and action', async () => {
    const post = (captchaToken?: string) =>
      app.inject({ method: 'POST', url: '/contact', payload: { captchaToken } });
    expect((await post()).json().code).toBe('CaptchaRequired');
    expect((await post('robot')).json().code).toBe('CaptchaFailed');
    expect((await post('human')).json()).toEqual({ sent: true });
  });

  it('authenticate answers 401 without a Bearer token', async () => {
    const response = await app.inject({ url: '/private' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });
});
