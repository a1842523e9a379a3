import type { PlanCatalogue } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** The public catalogue (prices in cents, BRL and USD). */
export async function getPlans(): Promise<PlanCatalogue> {
  const { data } = await apiClient.get<PlanCatalogue>('plans');
  return data;
}

export const getPlansQueryOptions = () => queryOptions({ queryKey: ['plans'], queryFn: getPlans });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
