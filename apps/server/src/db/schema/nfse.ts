import type { NfseStatus } from '@cotacep/shared/nfse-schemas';
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The nota fiscal de serviço of a paid invoice in reais (issue 27): exactly one per invoice (the unique
 * index), created pending in the transaction that records the payment and issued by a worker that claims it
 * with `FOR UPDATE SKIP LOCKED`, through the configured issuer (decision 038). Pending → issued or rejected;
 * issued → cancelling → cancelled when the invoice is voided or refunded.
 */
export const nfse = pgTable(
  'nfse',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    invoiceId: text('invoice_id').notNull(),
    /** Which issuer took it: `test` (the embedded one) or the real one's name. */
    issuer: text('issuer').notNull(),
    status: text('status').$type<NfseStatus>().notNull().default('pending'),
    /** The issuer's reference for it (our idempotency key there). */
    reference: text('reference').notNull(),
    number: text('number'),
    verificationCode: text('verification_code'),
    /** The national access key (chave de acesso, 50 characters) where the issuer gives one. */
    accessKey: text('access_key'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    xml: text('xml'),
    pdf: bytea('pdf'),
    /** Why the issuer refused it (or refused its cancellation), as the issuer said it. */
    rejectionReason: text('rejection_reason'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may try again (issue, or cancel); null when nothing is left to do. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** Set by the worker that claimed it; a claim older than a few minutes is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * When an asynchronous issuer accepted it for processing: the worker then asks how it went instead of
     * sending it again. Cleared when it is rejected, so a nota queued again is sent anew.
     */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the billing e-mails were sent the issued nota (or the Owners the rejection notice). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('nfse_invoice_key').on(table.invoiceId),
    index('nfse_organization_idx').on(table.organizationId, table.createdAt),
    index('nfse_due_idx').on(table.nextAttemptAt).where(sql`${table.nextAttemptAt} is not null`),
  ],
);

export type NfseRow = typeof nfse.$inferSelect;
