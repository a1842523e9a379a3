import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';
import { getTestClockQueryOptions, type TestClock } from './get-test-clock.ts';

/** Moves this account's test-mode billing clock forward, so its renewals and period ends happen now. */
export async function advanceTestClock(days: number): Promise<TestClock> {
  const { data } = await apiClient.post<TestClock>('billing/test/clock', { days });
  return data;
}

export function useAdvanceTestClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceTestClock,
    onSuccess: async (clock) => {
      queryClient.setQueryData(getTestClockQueryOptions().queryKey, clock);
      // The whole billing state may have moved on: renewals, a failed payment, a period's end.
      await queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey });
    },
  });
}
