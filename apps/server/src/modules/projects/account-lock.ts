import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Serialises creations for one account until the transaction ends, so two requests racing for the
 * plan's last key or project slot cannot both see room for one.
 */
export async function lockAccount(tx: Db, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cotacep:account:${organizationId}`}))`);
}
