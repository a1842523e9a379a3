import { and, eq } from 'drizzle-orm';
import { invoices } from '#server/db/schema/invoices.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditContext } from '../../audit/record.ts';
import type { Billing } from '../billing.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { testEvent } from './test-reports.ts';

/**
 * "The bank reverses it" (test mode, issue 27): a paid invoice's payment is refunded in full. The invoice
 * becomes void, which is how the portal shows a refunded invoice (decision 038), and its NFS-e is cancelled;
 * the subscription carries on as it was, as a refund at Stripe leaves it. Recorded as Stripe names it,
 * `charge.refunded`.
 */
export async function refundTestInvoice(
  billing: Billing,
  organizationId: string,
  invoiceId: string,
  context: AuditContext,
): Promise<void> {
  const [invoice] = await billing.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organizationId, organizationId)));
  // Stripe's invoices are refunded at Stripe (its `charge.refunded` webhook), never here.
  if (invoice?.provider !== 'test') throw new AppError('InvoiceNotFound');
  if (invoice.status !== 'paid') throw new AppError('InvoiceNotRefundable');
  const at = new Date(await billing.clock.now(organizationId));
  await applyBillingChange(
    billing.state,
    testEvent('charge.refunded'),
    { invoice: { ...invoice, provider: 'test', status: 'void', stateAt: at } },
    context,
  );
}
