import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit-events.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';

/** One look is one entry: reloads and the page's own refreshes within this window add none. */
export const CUSTOMER_VIEW_WINDOW_MS = 30 * 60_000;

/**
 * Looking is recorded too: the customer's activity shows that Cotacep opened their page. A staff member's
 * look counts once per half hour, so the trails keep to what happened instead of every reload.
 */
export async function recordCustomerViewed(
  db: Db,
  context: AuditContext,
  organizationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const since = new Date(Date.now() - CUSTOMER_VIEW_WINDOW_MS);
    const [recent] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, organizationId),
          eq(auditEvents.event, 'staff.customer_viewed'),
          eq(auditEvents.actorType, 'staff'),
          eq(auditEvents.actorId, context.actorId ?? ''),
          gt(auditEvents.occurredAt, since),
        ),
      )
      .limit(1);
    if (recent) return;
    await recordAudit(tx, context, {
      event: 'staff.customer_viewed',
      organizationId,
      target: { type: 'organization', id: organizationId },
    });
  });
}
