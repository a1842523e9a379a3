import { accountSchema, updateAccountRequestSchema } from '@cotacep/shared/account-schemas';
import { normalizeTaxId } from '@cotacep/shared/tax-id';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import type { Identity } from '../auth/identity.ts';

import { getAccountView } from './account-view.ts';
import { setDefaultOrganizationCurrency } from './default-organization-currency.ts';

/** Profile tab: read the account and change names, CPF/CNPJ, locale, currency, time zone and language. */
export const profileRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db } = identity;

  app.get(
    '/account',
    {
      schema: {
        tags: ['Account'],
        summary: "The signed-in user's profile",
        response: { 200: accountSchema },
      },
    },
    async (request) => getAccountView(db, getAuthUser(request).id),
  );

  app.patch(
    '/account',
    {
      schema: {
        tags: ['Account'],
        summary: 'Update the profile',
        body: updateAccountRequestSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const { taxId, currency, ...rest } = request.body;
      const userId = getAuthUser(request).id;
      // The currency belongs to the default organization, and stays what its first purchase fixed (decision 027).
      if (currency) await setDefaultOrganizationCurrency(db, userId, currency);
      const changes = {
        ...rest,
        ...(taxId === undefined ? {} : { taxId: taxId === null ? null : normalizeTaxId(taxId) }),
      };
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return getAccountView(db, user ?? userId);
    },
  );
};
