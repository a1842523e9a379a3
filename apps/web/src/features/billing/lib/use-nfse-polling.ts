import type { InvoiceNfse } from '@cotacep/shared/nfse-schemas';
import { useQuery } from '@tanstack/react-query';
import { getInvoiceQueryOptions } from '../api/get-invoice.ts';
import { getInvoicesQueryOptions } from '../api/get-invoices.ts';

/** How often a screen showing a nota on its way asks again; TanStack Query pauses it in a hidden tab. */
export const NFSE_POLL_MS = 4_000;

/** A nota the worker is still working on: it changes without anyone acting on the page. */
export const isNfseSettling = (nfse: InvoiceNfse | null | undefined) =>
  nfse?.status === 'pending' || nfse?.status === 'cancelling';

/**
 * Reads the invoice again while its nota is pending or cancelling, until it settles: one more observer of
 * the invoice's query, so the page's own read stays as it is.
 */
export function useInvoiceNfsePolling(id: string): void {
  useQuery({
    ...getInvoiceQueryOptions(id),
    // The page's own observer reads it on mount; this one only keeps it fresh.
    refetchOnMount: false,
    refetchInterval: (query) => (isNfseSettling(query.state.data?.nfse) ? NFSE_POLL_MS : false),
  });
}

/** The same for the Billing tab's invoices: while any of their notas is on its way. */
export function useInvoicesNfsePolling(): void {
  useQuery({
    ...getInvoicesQueryOptions(),
    refetchOnMount: false,
    refetchInterval: (query) =>
      query.state.data?.some((invoice) => isNfseSettling(invoice.nfse)) ? NFSE_POLL_MS : false,
  });
}
