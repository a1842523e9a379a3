import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Serialises changes to one user's second factors until the transaction ends: two removals cannot both
 * count the other's factor as still there, two first factors cannot both make a set of recovery codes.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
