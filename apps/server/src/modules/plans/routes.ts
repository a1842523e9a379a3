import { type PlanCatalogue, planCatalogueSchema } from '@cotacep/shared/billing-schemas';
import { getPlanPrice, isPaidPlanId, PLAN_IDS, PLANS } from '@cotacep/shared/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPlanQuota } from './account-limits.ts';

function yearlyPrice(id: (typeof PLAN_IDS)[number]) {
  const monthly = PLANS[id].monthlyPrice;
  if (!monthly) return null;
  if (!isPaidPlanId(id)) return monthly;
  return { BRL: getPlanPrice(id, 'yearly', 'BRL'), USD: getPlanPrice(id, 'yearly', 'USD') };
}

/** The catalogue as this installation sells it (PLAN_QUOTAS may replace quotas outside production). */
const getCatalogue = (): PlanCatalogue => ({
  plans: PLAN_IDS.map((id) => {
    const { name, monthlyPrice, ratePerMinute, maxKeys, maxProjects } = PLANS[id];
    return {
      id,
      name,
      monthlyPrice,
      yearlyPrice: yearlyPrice(id),
      monthlyQuota: getPlanQuota(id),
      ratePerMinute,
      maxKeys,
      maxProjects,
      requiresCreditCard: PLANS[id].requiresCreditCard,
      features: [...PLANS[id].features],
    };
  }),
  quotaCounts: '2xx-304',
});

/** `GET <API_URL>/plans`: public, cacheable for a few minutes. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['Plans'],
        summary: 'The plan catalogue: prices, quotas and limits',
        response: { 200: planCatalogueSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return getCatalogue();
    },
  );
};
