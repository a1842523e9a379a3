import { randomUUID } from 'node:crypto';
import { type CreateKeyInput, createKeyRequestSchema, type KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { PlanId } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountLimits } from '../db/schema/account-limits.ts';
import { organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { SYSTEM_CONTEXT } from '../modules/audit/record.ts';
import { createKey } from '../modules/keys/service.ts';
import { foundOrganization } from '../modules/organizations/founding.ts';
import { writeUsageBatch } from '../modules/usage/write-batch.ts';

/** A key and its owner: the account that founded the organization, with the same id (decision 033). */
export type SeededKey = KeyWithSecret & { userId: string; organizationId: string };

type SeedOptions = {
  plan?: PlanId;
  limits?: { monthlyQuota?: number; ratePerMinute?: number };
  key?: Partial<CreateKeyInput>;
  /** An existing organization to add the key to; without it, a new account founds one. */
  organizationId?: string;
};

/** An account and one key written straight to the database, for tests of the public APIs' gateway. */
export async function seedKey(db: Db, { plan = 'free', limits, key = {}, organizationId }: SeedOptions = {}) {
  const id = organizationId ?? randomUUID();
  if (!organizationId) {
    const person = { id, email: `seed.${id.slice(0, 8)}@example.com`, firstName: 'Seed', lastName: 'Key' };
    await db.insert(users).values({ ...person, emailConfirmedAt: new Date() });
    await foundOrganization(db, person);
    if (plan !== 'free') await db.update(organizations).set({ plan }).where(eq(organizations.id, id));
    if (limits) await db.insert(accountLimits).values({ organizationId: id, ...limits });
  }
  const input = createKeyRequestSchema.parse({
    description: 'Seeded',
    kind: 'public',
    allowedOrigins: '*',
    ...key,
  });
  const created = await createKey(db, id, input, {
    maxKeys: 1_000,
    language: 'en',
    createdBy: id,
    context: SYSTEM_CONTEXT,
  });
  return { ...created, userId: id, organizationId: id } satisfies SeededKey;
}

/** Usage already stored for a key, written the way the meter writes it (daily and monthly rows). */
export async function seedUsage(
  db: Db,
  key: Pick<SeededKey, 'key' | 'organizationId'>,
  day: string,
  status: number,
  count: number,
) {
  const row = {
    organizationId: key.organizationId,
    projectId: key.key.projectId,
    keyId: key.key.id,
    day,
    status,
    count,
  };
  await writeUsageBatch(db, [row], new Map());
}
