import type { testClockSchema } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '#web/lib/api/clients.ts';

export type TestClock = z.infer<typeof testClockSchema>;

/** Test mode's billing clock (development): its date and how far it was moved. */
export async function getTestClock(): Promise<TestClock> {
  const { data } = await apiClient.get<TestClock>('billing/test/clock');
  return data;
}

export const getTestClockQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'test-clock'], queryFn: getTestClock });

export function useTestClock() {
  return useQuery(getTestClockQueryOptions());
}
