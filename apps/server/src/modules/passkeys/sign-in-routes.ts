import { tokenSetSchema } from '@cotacep/shared/auth-responses';
import {
  passkeyOptionsSchema,
  passkeySignInOptionsRequestSchema,
  passkeySignInRequestSchema,
} from '@cotacep/shared/passkey-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Identity } from '../auth/identity.ts';
import { noStore } from '../auth/no-store.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { finishPasskeySignIn, startPasskeySignIn } from './sign-in.ts';

/** Signing in with a passkey: alone ("Sign in with a passkey"), or as the second step of a login. */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  const { config } = identity;

  app.post(
    '/auth/passkey/options',
    {
      schema: {
        tags: ['Auth'],
        summary: "Start signing in with a passkey (alone, or as a login challenge's second step)",
        // The body may be left out: a sign-in with the passkey alone.
        body: z.preprocess((value) => value ?? {}, passkeySignInOptionsRequestSchema),
        response: { 200: passkeyOptionsSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => startPasskeySignIn(identity, request.body.session),
  );

  app.post(
    '/auth/passkey/verify',
    {
      schema: {
        tags: ['Auth'],
        summary: "Finish signing in with the passkey's answer",
        body: passkeySignInRequestSchema,
        response: { 200: tokenSetSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => finishPasskeySignIn(identity, request, request.body),
  );
};
