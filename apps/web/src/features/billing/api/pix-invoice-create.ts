import type { PixCharge } from '@cotacep/shared/pix-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getInvoicePixCodeQueryOptions } from './pix-invoice-code.ts';

/** A code for the open invoice: the pending one, or a new one. */
export async function createInvoicePixCode(id: string): Promise<PixCharge> {
  const { data } = await apiClient.post<PixCharge>(`billing/test/invoices/${encodeURIComponent(id)}/pix`);
  return data;
}

export function useCreateInvoicePixCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createInvoicePixCode(id),
    onSuccess: (code) => queryClient.setQueryData(getInvoicePixCodeQueryOptions(id).queryKey, code),
  });
}
