import type { NfseRetriedResponse } from '@cotacep/shared/admin-nfse-schemas';
import type { StaffActionRequest } from '@cotacep/shared/admin-schemas';
import { apiClient } from '#web/lib/api/clients.ts';
import { useStaffAction } from './admin-query-key.ts';

type RetryNfseInput = { organizationId: string; invoiceId: string } & StaffActionRequest;

export async function retryNfse({ organizationId, invoiceId, reason }: RetryNfseInput) {
  const { data } = await apiClient.post<NfseRetriedResponse>(
    `admin/customers/${organizationId}/nfse/${encodeURIComponent(invoiceId)}/retry`,
    { reason },
  );
  return data;
}

export const useRetryNfse = () => useStaffAction(retryNfse);
