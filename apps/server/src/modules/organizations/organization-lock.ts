import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';

/**
 * Serialises changes to one organization's members and invitations until the transaction ends: two Owners
 * demoting each other, or two invitations for the last seat, cannot both pass their check.
 */
export async function lockOrganization(tx: Db, organizationId: string) {
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return organization ?? null;
}
