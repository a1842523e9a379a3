import { randomUUID } from 'node:crypto';
import { type CreateKeyInput, createKeyRequestSchema, type KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { PlanId } from '@cotacep/shared/plans';
import type { Db } from '../db/client.ts';
import { accountLimits } from '../db/schema/account-limits.ts';
import { users } from '../db/schema/users.ts';
import { createKey } from '../modules/keys/service.ts';
import { writeUsageBatch } from '../modules/usage/write-batch.ts';

export type SeededKey = KeyWithSecret & { userId: string };

type SeedOptions = {
  plan?: PlanId;
  limits?: { monthlyQuota?: number; ratePerMinute?: number };
  key?: Partial<CreateKeyInput>;
  userId?: string;
};

/** An account and one key written straight to the database, for tests of the public APIs' gateway. */
export async function seedKey(db: Db, { plan = 'free', limits, key = {}, userId }: SeedOptions = {}) {
  const id = userId ?? randomUUID();
  if (!userId) {
    await db.insert(users).values({
      id,
      email: `seed.${id.slice(0, 8)}@example.com`,
      emailConfirmedAt: new Date(),
      firstName: 'Seed',
      lastName: 'Key',
      plan,
    });
    if (limits) await db.insert(accountLimits).values({ userId: id, ...limits });
  }
  const input = createKeyRequestSchema.parse({
    description: 'Seeded',
    kind: 'public',
    allowedOrigins: '*',
    ...key,
  });
  const created = await createKey(db, id, input, { maxKeys: 1_000, language: 'en' });
  return { ...created, userId: id } satisfies SeededKey;
}

/** Usage already stored for a key, written the way the meter writes it (daily and monthly rows). */
export async function seedUsage(db: Db, key: SeededKey, day: string, status: number, count: number) {
  const row = { userId: key.userId, projectId: key.key.projectId, keyId: key.key.id, day, status, count };
  await writeUsageBatch(db, [row], new Map());
}
