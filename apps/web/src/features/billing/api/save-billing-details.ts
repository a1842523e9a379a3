import type { BillingDetails, BillingDetailsRequest } from '@cotacep/shared/billing-details-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingDetailsQueryOptions } from './get-billing-details.ts';

/** Saves the whole set of billing details; the server answers them as stored (CPF without punctuation…). */
export async function saveBillingDetails(input: BillingDetailsRequest): Promise<BillingDetails> {
  const { data } = await apiClient.put<BillingDetails>('billing/details', input);
  return data;
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => queryClient.setQueryData(getBillingDetailsQueryOptions().queryKey, saved),
  });
}
