import { z } from 'zod';
import { closureListQuerySchema } from './admin-schemas.ts';
import { staffNfseSchema } from './nfse-schemas.ts';
import { text } from './text-field.ts';

/**
 * The NFS-e on the staff console (issue 27), under `<API_URL>/admin` with its access rules: both roles look,
 * only `staff` retries (with a reason, recorded as `staff.nfse_retried` in the customer's trail). Staff see
 * no document links (`pdfUrl`/`xmlUrl` are null): the files are the customer's.
 */

/** GET /admin/customers/:organizationId/nfse: the customer's notas, newest first, at most `ADMIN_NFSE_SHOWN`. */
export const ADMIN_NFSE_SHOWN = 50;
export const adminCustomerNfseListSchema = z.object({ items: z.array(staffNfseSchema) });
export type AdminCustomerNfseList = z.infer<typeof adminCustomerNfseListSchema>;

/**
 * What needs someone: `rejected` (the issuer refused the nota), `pending` (tried and failed: the issuer down
 * or erring), `cancelling` (a cancellation tried and failed, or refused by the issuer).
 */
export const NFSE_ATTENTION_STATUSES = ['rejected', 'pending', 'cancelling'] as const;
export type NfseAttentionStatus = (typeof NFSE_ATTENTION_STATUSES)[number];

/** GET /admin/nfse: paged like the other console lists; every kind of trouble when `status` is absent. */
export const adminNfseAttentionQuerySchema = closureListQuerySchema.extend({
  status: z.enum(NFSE_ATTENTION_STATUSES).optional(),
});
export type AdminNfseAttentionQuery = z.input<typeof adminNfseAttentionQuerySchema>;

export const adminAttentionNfseSchema = staffNfseSchema.extend({
  organizationId: text(),
  organizationName: text(),
});
export type AdminAttentionNfse = z.infer<typeof adminAttentionNfseSchema>;

/** The longest waiting first. */
export const adminNfseAttentionListSchema = z.object({
  items: z.array(adminAttentionNfseSchema),
  page: z.number().int(),
  limit: z.number().int(),
  /** Notas needing attention (of the asked status), across every page. */
  total: z.number().int(),
});
export type AdminNfseAttentionList = z.infer<typeof adminNfseAttentionListSchema>;

export const adminNfseParamsSchema = z.object({
  organizationId: z.uuid(),
  invoiceId: text().min(1).max(100),
});

/**
 * POST /admin/customers/:organizationId/nfse/:invoiceId/retry (body `staffActionRequestSchema`): a rejected
 * nota goes back to pending, one waiting for the issuer (pending or cancelling) is tried at once; the worker
 * picks it up within seconds. 409 `StaffNfseNotRetryable` for an issued or cancelled nota, 404
 * `StaffNfseNotFound` for an invoice without one.
 */
export const nfseRetriedResponseSchema = z.object({ nfse: staffNfseSchema });
export type NfseRetriedResponse = z.infer<typeof nfseRetriedResponseSchema>;
