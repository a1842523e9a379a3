import type { Invoice } from '@cotacep/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/api/download-file.ts';

export type NfseFormat = 'pdf' | 'xml';

type DownloadNfseInput = { invoice: Pick<Invoice, 'id' | 'nfse'>; format: NfseFormat };

/**
 * `GET <API_URL>/billing/invoices/:id/nfse.pdf` or `.xml` (issue 27) through the API client, as the nota's
 * `pdfUrl`/`xmlUrl` say it is ready: a plain link could not carry the Bearer token.
 */
export async function downloadNfse({ invoice, format }: DownloadNfseInput): Promise<void> {
  const number = invoice.nfse?.number ?? invoice.id;
  await downloadFile(
    `billing/invoices/${encodeURIComponent(invoice.id)}/nfse.${format}`,
    {},
    `NFS-e-${number}.${format}`,
  );
}

export function useDownloadNfse() {
  return useMutation({ mutationFn: downloadNfse });
}
