import {
  ADMIN_NFSE_SHOWN,
  type AdminCustomerNfseList,
  type AdminNfseAttentionList,
  type NfseAttentionStatus,
  type NfseRetriedResponse,
} from '@cotacep/shared/admin-nfse-schemas';
import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { and, asc, count, desc, eq, gt, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { type NfseRow, nfse } from '#server/db/schema/nfse.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { AppError } from '#server/lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { retryNfse } from '../nfse/lifecycle.ts';
import { findOrganization } from './customers.ts';

/** What the console's NFS-e routes need: the database, and the worker to wake after a retry. */
export type AdminNfseDeps = { db: Db; onNfseDue: () => void };

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A nota as staff see it; no document links (the files are the customer's, served to its members only). */
function toStaffNfse(row: NfseRow, invoiceNumber: string | null): StaffNfse {
  return {
    status: row.status,
    number: row.number,
    verificationCode: row.verificationCode,
    issuedAt: iso(row.issuedAt),
    pdfUrl: null,
    xmlUrl: null,
    invoiceId: row.invoiceId,
    // An invoice is never deleted; its id stands in should the row be missing all the same.
    invoiceNumber: invoiceNumber ?? row.invoiceId,
    issuer: row.issuer,
    rejectionReason: row.rejectionReason,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /admin/customers/:id/nfse: the customer's notas, newest first (404 for an unknown customer). */
export async function listCustomerNfse(db: Db, organizationId: string): Promise<AdminCustomerNfseList> {
  await findOrganization(db, organizationId);
  const rows = await db
    .select({ nota: nfse, invoiceNumber: invoices.number })
    .from(nfse)
    .leftJoin(invoices, eq(invoices.id, nfse.invoiceId))
    .where(eq(nfse.organizationId, organizationId))
    .orderBy(desc(nfse.createdAt), desc(nfse.id))
    .limit(ADMIN_NFSE_SHOWN);
  return { items: rows.map((row) => toStaffNfse(row.nota, row.invoiceNumber)) };
}

/**
 * Which notas need someone, per kind: rejected ones; pending ones the worker failed to send (the issuer down
 * or erring: `attempts > 0`); cancellations that failed the same way or that the issuer refused (then the
 * worker stops trying and only a retry moves it).
 */
const ATTENTION: Record<NfseAttentionStatus, SQL> = {
  rejected: eq(nfse.status, 'rejected'),
  pending: and(eq(nfse.status, 'pending'), gt(nfse.attempts, 0)) as SQL,
  cancelling: and(
    eq(nfse.status, 'cancelling'),
    or(gt(nfse.attempts, 0), isNotNull(nfse.rejectionReason)),
  ) as SQL,
};

/** GET /admin/nfse: notas needing attention across customers, the longest waiting first. */
export async function listNfseNeedingAttention(
  db: Db,
  query: { status?: NfseAttentionStatus | undefined; page: number; limit: number },
): Promise<AdminNfseAttentionList> {
  const { page, limit } = query;
  const where = query.status
    ? ATTENTION[query.status]
    : or(ATTENTION.rejected, ATTENTION.pending, ATTENTION.cancelling);
  const [rows, [total]] = await Promise.all([
    db
      .select({ nota: nfse, invoiceNumber: invoices.number, organizationName: organizations.name })
      .from(nfse)
      .innerJoin(organizations, eq(organizations.id, nfse.organizationId))
      .leftJoin(invoices, eq(invoices.id, nfse.invoiceId))
      .where(where)
      .orderBy(asc(nfse.createdAt), asc(nfse.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(nfse).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toStaffNfse(row.nota, row.invoiceNumber),
      organizationId: row.nota.organizationId,
      organizationName: row.organizationName,
    })),
    page,
    limit,
    total: Number(total?.total ?? 0),
  };
}

/**
 * POST /admin/customers/:id/nfse/:invoiceId/retry: the nota is tried again at once (a rejected one goes back
 * to pending), recorded with the reason in the same transaction; refused (409) for an issued or cancelled one.
 */
export async function retryCustomerNfse(
  deps: AdminNfseDeps,
  context: AuditContext,
  organizationId: string,
  invoiceId: string,
  reason: string,
): Promise<NfseRetriedResponse> {
  const { db } = deps;
  await findOrganization(db, organizationId);
  const retried = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ nota: nfse, invoiceNumber: invoices.number })
      .from(nfse)
      .leftJoin(invoices, eq(invoices.id, nfse.invoiceId))
      .where(and(eq(nfse.invoiceId, invoiceId), eq(nfse.organizationId, organizationId)))
      .for('update', { of: nfse });
    if (!before) throw new AppError('StaffNfseNotFound');
    const row = await retryNfse(tx, before.nota.id);
    if (!row) throw new AppError('StaffNfseNotRetryable');
    await recordAudit(tx, context, {
      event: 'staff.nfse_retried',
      organizationId,
      target: { type: 'invoice', id: invoiceId },
      details: {
        invoiceId,
        invoiceNumber: before.invoiceNumber,
        issuer: row.issuer,
        from: before.nota.status,
        attempts: before.nota.attempts,
      },
      reason,
    });
    return toStaffNfse(row, before.invoiceNumber);
  });
  deps.onNfseDue();
  return { nfse: retried };
}
