import type { InvoiceNfse } from '@cotacep/shared/nfse-schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { nfse } from '#server/db/schema/nfse.ts';

/** What an invoice shows of its nota: no XML or PDF bytes, only whether they exist. */
export type NfseSummary = {
  invoiceId: string;
  status: InvoiceNfse['status'];
  number: string | null;
  verificationCode: string | null;
  issuedAt: Date | null;
  hasDocuments: boolean;
};

/** The notas of these invoices, by invoice id (an invoice in dollars, or not paid yet, has none). */
export async function findNfseSummaries(db: Db, invoiceIds: string[]): Promise<Map<string, NfseSummary>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      invoiceId: nfse.invoiceId,
      status: nfse.status,
      number: nfse.number,
      verificationCode: nfse.verificationCode,
      issuedAt: nfse.issuedAt,
      hasDocuments: sql<boolean>`${nfse.pdf} is not null and ${nfse.xml} is not null`,
    })
    .from(nfse)
    .where(inArray(nfse.invoiceId, invoiceIds));
  return new Map(rows.map((row) => [row.invoiceId, row]));
}

/** Where a member downloads the nota's files: `<API_URL>/billing/invoices/{id}/nfse.{pdf,xml}`. */
export function nfseDownloadUrl(apiUrl: string, invoiceId: string, format: 'pdf' | 'xml'): string {
  return `${apiUrl.replace(/\/$/, '')}/billing/invoices/${encodeURIComponent(invoiceId)}/nfse.${format}`;
}

/**
 * The invoice's `nfse` (issue 27): null when it has none; the download URLs once the issuer gave the
 * documents (a nota cancelled after being issued keeps them).
 */
export function toInvoiceNfse(summary: NfseSummary | undefined, apiUrl: string): InvoiceNfse | null {
  if (!summary) return null;
  const canDownload = summary.hasDocuments && summary.number !== null;
  return {
    status: summary.status,
    number: summary.number,
    verificationCode: summary.verificationCode,
    issuedAt: summary.issuedAt ? summary.issuedAt.toISOString() : null,
    pdfUrl: canDownload ? nfseDownloadUrl(apiUrl, summary.invoiceId, 'pdf') : null,
    xmlUrl: canDownload ? nfseDownloadUrl(apiUrl, summary.invoiceId, 'xml') : null,
  };
}
