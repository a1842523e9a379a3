import {
  recoveryCodesSchema,
  secondFactorsSchema,
  totpCodeRequestSchema,
  totpDeleteRequestSchema,
  totpEnrolmentSchema,
  totpVerifyResponseSchema,
} from '@cotacep/shared/second-factor-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf, recordAudit } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { consumeTotpCodeWithLockout, requireRecentAuthentication } from '../auth/reauthentication.ts';
import { sendSecurityNotice } from '../auth/security-notices.ts';
import { removeStrongFactor } from '../auth/strong-factor-removal.ts';
import { findUserById } from '../auth/users.ts';
import {
  issueRecoveryCodesIfFirstStrongFactor,
  replaceRecoveryCodes,
} from '../second-factors/recovery-codes.ts';
import { hasStrongFactor } from '../second-factors/strong-factors.ts';
import {
  confirmTotpEnrolment,
  deleteTotp,
  findConfirmedTotp,
  startTotpEnrolment,
} from '../second-factors/totp-factor.ts';
import { getSecondFactors } from './second-factors-view.ts';

const tags = ['Account'];

/**
 * The Security tab's second factors (issue 25) under `/account/mfa`: the overview, the authenticator app
 * (enrol, confirm, remove) and the recovery codes. Every change needs a recent re-authentication; the
 * e-mail/SMS code keeps its own route (`PUT /account/mfa`).
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  const { db, config } = identity;
  const recentAuthentication = requireRecentAuthentication(identity);

  const currentUser = async (request: FastifyRequest) => {
    const user = await findUserById(db, getAuthUser(request).id);
    if (!user) throw new AppError('Unauthorized');
    return user;
  };

  app.get(
    '/account/mfa',
    {
      schema: {
        tags,
        summary: 'List my second factors',
        response: { 200: secondFactorsSchema },
      },
    },
    async (request) => getSecondFactors(db, await currentUser(request)),
  );

  app.post(
    '/account/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Start adding an authenticator app',
        description:
          'Answers the key as an `otpauth://` URI (for the QR code) and in base32; the app is enabled by ' +
          '`POST /account/mfa/totp/verify` with its first code. Starting again replaces an unconfirmed key; ' +
          'refused (409 `TotpAlreadyEnabled`) while an app is enabled.',
        response: { 200: totpEnrolmentSchema },
      },
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => startTotpEnrolment(identity, await currentUser(request), config.APP_NAME),
  );

  app.post(
    '/account/mfa/totp/verify',
    {
      schema: {
        tags,
        summary: 'Enable the authenticator app with its first code',
        description:
          'When it is the first authenticator app or passkey, the answer carries the ten recovery codes, ' +
          'shown this once. Five wrong codes end the enrolment (409 `TotpNotEnrolled`).',
        body: totpCodeRequestSchema,
        response: { 200: totpVerifyResponseSchema },
      },
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => {
      const user = await currentUser(request);
      await confirmTotpEnrolment(identity, user.id, request.body.code, auditContextOf(request));
      const recoveryCodes = await issueRecoveryCodesIfFirstStrongFactor(db, identity, user.id);
      await sendSecurityNotice(identity, user, { kind: 'factor_added', factor: 'totp' });
      return { factors: await getSecondFactors(db, user), recoveryCodes };
    },
  );

  app.delete(
    '/account/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Remove the authenticator app',
        description:
          'Needs a current code from the app and, when it is the last authenticator app or passkey, the ' +
          'password (accounts without one: the recent re-authentication). Refused with 409 ' +
          '`TwoFactorRequiredByOrganization` (and the organizations) while an organization requires it.',
        body: totpDeleteRequestSchema,
        response: { 200: secondFactorsSchema },
      },
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => {
      const user = await currentUser(request);
      const { password, code } = request.body;
      if (!(await findConfirmedTotp(db, user.id))) throw new AppError('TotpNotEnrolled');
      const context = auditContextOf(request);
      const factorRemoved = { event: 'auth.factor_removed', userId: user.id } as const;
      const removed = await removeStrongFactor(identity, user, {
        password,
        verify: async () => {
          if (!(await consumeTotpCodeWithLockout(identity, user, code))) throw new AppError('CodeMismatch');
        },
        remove: async (tx) => {
          const isDeleted = await deleteTotp(tx, user.id);
          if (isDeleted) await recordAudit(tx, context, { ...factorRemoved, details: { method: 'totp' } });
          return isDeleted;
        },
      });
      if (!removed) throw new AppError('TotpNotEnrolled');
      await sendSecurityNotice(identity, user, { kind: 'factor_removed', factor: 'totp' });
      return getSecondFactors(db, user);
    },
  );

  app.post(
    '/account/mfa/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Make a new set of recovery codes',
        description: 'Ten single-use codes, shown this once; the previous codes stop working.',
        response: { 200: recoveryCodesSchema },
      },
      config: authRateLimit(config),
      preHandler: recentAuthentication,
    },
    async (request) => {
      const user = await currentUser(request);
      if (!(await hasStrongFactor(db, user.id))) throw new AppError('StrongFactorRequired');
      const codes = await replaceRecoveryCodes(identity, user.id, auditContextOf(request));
      await sendSecurityNotice(identity, user, { kind: 'factor_added', factor: 'recovery_codes' });
      return { codes };
    },
  );
};
