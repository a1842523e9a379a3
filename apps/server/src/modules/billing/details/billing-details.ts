import type { BillingDetails, BillingDetailsRequest } from '@cotacep/shared/billing-details-schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type BillingDetailsRow, billingDetails } from '#server/db/schema/billing-details.ts';
import { type AuditContext, recordAudit } from '../../audit/record.ts';
import { requeueRejectedNfse } from '../../nfse/requeue-rejected.ts';

/** The organization's billing details, or null until someone saves them. */
export async function findBillingDetails(db: Db, organizationId: string): Promise<BillingDetailsRow | null> {
  const [row] = await db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.organizationId, organizationId));
  return row ?? null;
}

export function toBillingDetailsView(row: BillingDetailsRow): BillingDetails {
  const { organizationId: _organizationId, createdAt: _createdAt, updatedAt, ...details } = row;
  return { ...details, updatedAt: updatedAt.toISOString() };
}

const FIELDS = [
  'country',
  'legalName',
  'taxId',
  'stateRegistration',
  'municipalRegistration',
  'postalCode',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'cityCode',
  'emails',
] as const satisfies readonly (keyof BillingDetailsRequest)[];

/** The names of the fields that differ (never their values: the audit log keeps no personal data it need not). */
function changedFields(before: BillingDetailsRow | null, after: BillingDetailsRequest): string[] {
  return FIELDS.filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after[field]));
}

/**
 * Saves the whole set (`PUT billing/details`). A change is recorded in the organization's activity, and a
 * nota the issuer rejected is queued again (the usual reason is the tomador's data), in the same transaction.
 */
export async function saveBillingDetails(
  db: Db,
  organizationId: string,
  input: BillingDetailsRequest,
  context: AuditContext,
): Promise<BillingDetails> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.organizationId, organizationId))
      .for('update');
    const changed = changedFields(before ?? null, input);
    if (before && changed.length === 0) return toBillingDetailsView(before);
    const updatedAt = new Date();
    const [row] = await tx
      .insert(billingDetails)
      .values({ organizationId, ...input, updatedAt })
      .onConflictDoUpdate({ target: billingDetails.organizationId, set: { ...input, updatedAt } })
      .returning();
    await recordAudit(tx, context, {
      event: 'billing.details_updated',
      organizationId,
      target: { type: 'organization', id: organizationId },
      details: { changed: changed.join(',') },
    });
    await requeueRejectedNfse(tx, organizationId);
    return toBillingDetailsView(row as BillingDetailsRow);
  });
}
