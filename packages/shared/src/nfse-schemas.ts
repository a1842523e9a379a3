import { z } from 'zod';
import { text } from './text-field.ts';

/**
 * The nota fiscal de serviço (NFS-e) of a paid invoice in reais (issue 27, decision 038). Pending until the
 * issuer answers; issued with its number, verification code, PDF and XML; rejected with the issuer's reason
 * (retried once the billing details change, and visible to staff); cancelling, then cancelled, when its
 * invoice is voided or refunded.
 */
export const NFSE_STATUSES = ['pending', 'issued', 'rejected', 'cancelling', 'cancelled'] as const;
export type NfseStatus = (typeof NFSE_STATUSES)[number];

/** What an invoice carries in `GET /api/billing/invoices` and `/invoices/{id}`: null where none applies. */
export const invoiceNfseSchema = z.object({
  status: z.enum(NFSE_STATUSES),
  number: text().nullable(),
  verificationCode: text().nullable(),
  issuedAt: z.iso.datetime().nullable(),
  /** Served to members of the invoice's organization only: `<API_URL>/billing/invoices/{id}/nfse.pdf`. */
  pdfUrl: text().nullable(),
  /** `<API_URL>/billing/invoices/{id}/nfse.xml`, in the national layout. */
  xmlUrl: text().nullable(),
});
export type InvoiceNfse = z.infer<typeof invoiceNfseSchema>;

/** What staff see of a customer's notas on the console (the reason of a rejection included). */
export const staffNfseSchema = invoiceNfseSchema.extend({
  invoiceId: text(),
  invoiceNumber: text(),
  issuer: text(),
  rejectionReason: text().nullable(),
  attempts: z.number().int(),
  lastError: text().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffNfse = z.infer<typeof staffNfseSchema>;
