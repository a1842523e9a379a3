import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingDetails } from '../../db/schema/billing-details.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Owned organizations with their billing details, subscriptions and invoices (numbers and amounts). */
export async function ownedOrganizations(db: Db, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  const [rows, details, plans, bills] = await Promise.all([
    db.select().from(organizations).where(inArray(organizations.id, organizationIds)),
    db.select().from(billingDetails).where(inArray(billingDetails.organizationId, organizationIds)),
    db.select().from(subscriptions).where(inArray(subscriptions.organizationId, organizationIds)),
    db
      .select()
      .from(invoices)
      .where(inArray(invoices.organizationId, organizationIds))
      .orderBy(asc(invoices.createdAt)),
  ]);
  return rows.map((organization) => {
    const billing = details.find((row) => row.organizationId === organization.id);
    return {
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      currency: organization.currency,
      createdAt: iso(organization.createdAt),
      billingDetails: billing
        ? {
            country: billing.country,
            legalName: billing.legalName,
            taxId: billing.taxId,
            stateRegistration: billing.stateRegistration,
            municipalRegistration: billing.municipalRegistration,
            postalCode: billing.postalCode,
            street: billing.street,
            number: billing.number,
            complement: billing.complement,
            district: billing.district,
            city: billing.city,
            state: billing.state,
            cityCode: billing.cityCode,
            emails: billing.emails,
          }
        : null,
      subscriptions: plans
        .filter((row) => row.organizationId === organization.id)
        .map((row) => ({
          planId: row.planId,
          cycle: row.cycle,
          currency: row.currency,
          status: row.status,
          paymentMethod: row.paymentMethod,
          currentPeriodStart: iso(row.currentPeriodStart),
          currentPeriodEnd: iso(row.currentPeriodEnd),
          endedAt: iso(row.endedAt),
        })),
      invoices: bills
        .filter((row) => row.organizationId === organization.id)
        .map((row) => ({
          number: row.number,
          status: row.status,
          amount: row.amount,
          currency: row.currency,
          planId: row.planId,
          cycle: row.cycle,
          periodStart: iso(row.periodStart),
          periodEnd: iso(row.periodEnd),
          paidAt: iso(row.paidAt),
          paymentMethod: row.paymentMethod,
          billedTo: row.billedTo,
        })),
    };
  });
}
