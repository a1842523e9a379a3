import { codeSentResponseSchema } from '@cotacep/shared/auth-responses';
import {
  cancelClosureResponseSchema,
  closeAccountRequestSchema,
  closeAccountResponseSchema,
  closureOptionsSchema,
  dataExportParamsSchema,
  dataExportSchema,
  latestDataExportSchema,
  PRIVACY_MESSAGES,
} from '@cotacep/shared/privacy-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { authMessage } from '../auth/messages.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { closeAccount, getClosureOptions, sendClosureCode } from './account-closure.ts';
import { cancelClosure } from './closure-cancel.ts';
import { findLatestDataExport, readDataExportFile, requestDataExport } from './data-exports.ts';
import type { PrivacyDeps } from './privacy-deps.ts';
import type { PrivacySweeper } from './sweeper.ts';

export type PrivacyRoutesOptions = { deps: PrivacyDeps; identity: Identity; sweeper: PrivacySweeper };

// Personal data: never kept by a browser or a proxy.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The customer's LGPD rights (issue 26) under `<API_URL>/account`: "Download my data" (prepared off the
 * request path, linked by e-mail for its owner alone) and "Close my account" (anonymised after the grace
 * period; signing in cancels it).
 */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, options) => {
  const { deps, identity, sweeper } = options;
  const { db, config } = deps;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/account/export',
    {
      schema: {
        tags: ['Account'],
        summary: 'Ask for a copy of my personal data',
        description:
          'Prepared off the request path; an e-mail links to it when it is ready, for 24 hours (`DATA_EXPORT_TTL_HOURS`). A request while one is being prepared answers that one.',
        response: { 202: dataExportSchema },
      },
      config: authRateLimit(config),
    },
    async (request, reply) => {
      const { id } = getAuthUser(request);
      const { dataExport, isNew } = await requestDataExport(db, auditContextOf(request), id);
      if (isNew) sweeper.wake();
      return noStore(reply).code(202).send(dataExport);
    },
  );

  app.get(
    '/account/export',
    {
      schema: {
        tags: ['Account'],
        summary: 'The state of my latest data export',
        response: { 200: latestDataExportSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { export: await findLatestDataExport(db, getAuthUser(request).id) };
    },
  );

  app.get(
    '/account/export/:id/download',
    {
      schema: {
        tags: ['Account'],
        summary: 'Download a ready data export (JSON file)',
        description:
          'Only its owner, while it is valid; 404 otherwise (someone else’s, not ready yet, or expired).',
        params: dataExportParamsSchema,
      },
    },
    async (request, reply) => {
      const user = getAuthUser(request);
      // A staff member viewing as the customer sees that a file exists, never the file: it is theirs alone.
      if (user.impersonationId) throw new AppError('NotFound');
      const file = await readDataExportFile(db, user.id, request.params.id, deps.now());
      const day = file.completedAt.toISOString().slice(0, 10);
      return noStore(reply)
        .header('content-type', 'application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${config.APP_NAME.toLowerCase()}-data-${day}.json"`,
        )
        .send(file.content);
    },
  );

  app.get(
    '/account/close',
    {
      schema: {
        tags: ['Account'],
        summary: 'What closing my account takes, and what blocks it',
        response: { 200: closureOptionsSchema },
      },
    },
    async (request) => getClosureOptions(deps, identity, getAuthUser(request).id),
  );

  app.post(
    '/account/close/code',
    {
      schema: {
        tags: ['Account'],
        summary: 'E-mail a code to confirm closing my account',
        description:
          'For accounts without an authenticator app (those use its code: 400 `ClosureUsesAuthenticator`).',
        response: { 200: codeSentResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const delivery = await sendClosureCode(identity, getAuthUser(request).id, request.ip);
      return { message: authMessage(request, 'codeSent'), delivery };
    },
  );

  app.post(
    '/account/close',
    {
      schema: {
        tags: ['Account'],
        summary: 'Close my account',
        description:
          'Needs the password (when the account has one) and the current factor’s code: the authenticator app’s, else the one from `POST /account/close/code`. Refused with 409 `AccountClosureBlocked` (and `blockers`) while the user is the only Owner of an organization with other members or a paid subscription. Ends every session and stops the keys of the organizations that were only the user’s; the personal data is anonymised after `ACCOUNT_CLOSURE_GRACE_DAYS` (30) unless the user signs in before.',
        body: closeAccountRequestSchema,
        response: { 200: closeAccountResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const { id } = getAuthUser(request);
      const { anonymiseAfter } = await closeAccount(
        deps,
        identity,
        auditContextOf(request),
        id,
        request.body,
      );
      return {
        message: PRIVACY_MESSAGES.closureRequested[requestLanguage(request)],
        anonymiseAfter: anonymiseAfter.toISOString(),
      };
    },
  );

  app.delete(
    '/account/close',
    {
      schema: {
        tags: ['Account'],
        summary: 'Cancel my account closure',
        description: 'Signing in cancels it as well.',
        response: { 200: cancelClosureResponseSchema },
      },
    },
    async (request) => {
      const cancelled = await cancelClosure(
        deps,
        auditContextOf(request),
        getAuthUser(request).id,
        'request',
      );
      const key = cancelled ? 'closureCancelled' : 'noClosurePending';
      return { message: PRIVACY_MESSAGES[key][requestLanguage(request)], cancelled };
    },
  );
};
