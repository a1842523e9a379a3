import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';

/** The ALTCHA widget fetches a fresh signed challenge here (only when ALTCHA is the provider). */
export const captchaRoutes: FastifyPluginAsync<{ captcha: CaptchaVerifier; rateLimitMax: number }> = async (
  app,
  { captcha, rateLimitMax },
) => {
  app.get(
    '/auth/captcha/altcha',
    {
      schema: { tags: ['Auth'], summary: 'An ALTCHA proof-of-work challenge' },
      config: { rateLimit: { max: rateLimitMax * 3, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      if (!captcha.altcha) throw new AppError('NotFound');
      reply.header('cache-control', 'no-store');
      return captcha.altcha.createChallenge();
    },
  );
};
