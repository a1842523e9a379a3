import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema/app-meta.ts';
import { demoCustomerStep, demoViewerStep } from '../modules/auth/demo-customer.ts';
import { demoCepReferenceStep } from '../modules/cep/demo-reference.ts';
import { demoKeysAndUsageStep } from '../modules/usage/demo-usage.ts';

const SEEDED_KEY = 'demo_seeded_at';

/** A step adds one part of the demo (the demo customer, their keys, their usage…). */
export type DemoSeedStep = { name: string; run(db: Db): Promise<void> };

/** Every demo part, in order. Each feature adds its own step here. */
export const DEMO_SEED_STEPS: DemoSeedStep[] = [
  demoCustomerStep,
  demoViewerStep,
  demoKeysAndUsageStep,
  demoCepReferenceStep,
];

/**
 * Seeds the demo once per database (outside production only; config refuses DEMO_SEED there).
 * The marker row is written last, so an interrupted seed runs again on the next start.
 */
export async function seedDemoData(db: Db, steps: DemoSeedStep[] = DEMO_SEED_STEPS): Promise<boolean> {
  const existing = await db.select().from(appMeta);
  if (existing.some((row) => row.key === SEEDED_KEY)) return false;
  for (const step of steps) await step.run(db);
  await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
