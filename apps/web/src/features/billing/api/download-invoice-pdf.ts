import type { Invoice } from '@cotacep/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/**
 * `GET <API_URL>/billing/invoices/:id/pdf` through the API client (Bearer token, Accept-Language: the PDF
 * is written in the page's language), saved as `<number>.pdf`.
 */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const response = await apiClient.get<Blob>(`billing/invoices/${encodeURIComponent(invoice.id)}/pdf`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}
