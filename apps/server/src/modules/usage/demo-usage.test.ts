import { PLANS } from '@cotacep/shared/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { users } from '../../db/schema/users.ts';
import { utcDay } from '../../lib/time.ts';
import { DEMO_SEED_STEPS, seedDemoData } from '../../seed/demo.ts';
import { createTestDatabase } from '../../test/database.ts';
import { DEMO_CUSTOMER, DEMO_VIEWER, demoCustomerStep } from '../auth/demo-customer.ts';
import { deleteAccount } from '../organizations/founding.ts';
import { DEMO_TEXTS, demoKeysAndUsageStep } from './demo-usage.ts';
import { getMonthQuotaUse } from './month-usage.ts';
import { utcMonth } from './period.ts';
import { getUsageReport } from './report.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo keys, project and usage', () => {
  it('does nothing without the demo customer', async () => {
    await demoKeysAndUsageStep.run(database.db);
    expect(await database.db.select().from(apiKeys)).toEqual([]);
  });

  it('gives the demo customer a project, a public and a private key, and 60 days of usage', async () => {
    expect(await seedDemoData(database.db, DEMO_SEED_STEPS)).toBe(true);
    const keys = await database.db.select().from(apiKeys).where(eq(apiKeys.organizationId, DEMO_CUSTOMER.id));
    expect(keys.map((key) => key.kind).sort()).toEqual(['private', 'public']);
    expect(keys.every((key) => key.lastUsedAt !== null)).toBe(true);
    const demoProjects = await database.db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, DEMO_CUSTOMER.id));
    expect(demoProjects).toHaveLength(1);

    const days = await database.db
      .selectDistinct({ day: usageDaily.day })
      .from(usageDaily)
      .where(eq(usageDaily.organizationId, DEMO_CUSTOMER.id));
    expect(days.length).toBeGreaterThanOrEqual(59);
    expect(days.some((row) => row.day === utcDay(Date.now() - 59 * 86_400_000))).toBe(true);

    // Alive, yet well inside the Free plan's quota, so the demo keys keep working.
    const used = await getMonthQuotaUse(database.db, DEMO_CUSTOMER.id, utcMonth(Date.now()));
    expect(used).toBeLessThan(PLANS.free.monthlyQuota * 0.5);
    const report = await getUsageReport(database.db, DEMO_CUSTOMER.id, {});
    const pastWeek = report.days.slice(-8, -1);
    expect(pastWeek.every((day) => day.total > 0)).toBe(true);
    expect(pastWeek.some((day) => Object.keys(day.byStatus).length >= 3)).toBe(true);
    expect(report.byKey).toHaveLength(2);
    expect(report.last24h.total).toBeGreaterThan(0);
    expect(report.last24h.clientErrors).toBeGreaterThan(0);
    // The demo customer speaks pt-BR: the texts a person reads are Portuguese.
    const portuguese = DEMO_TEXTS['pt-BR'];
    expect(demoProjects[0]).toMatchObject({
      name: portuguese.projectName,
      description: portuguese.projectDescription,
    });
    expect(keys.map((key) => key.description).sort()).toEqual(
      [portuguese.siteKey, portuguese.backendKey].sort(),
    );

    // The monthly rollup holds the same requests as the days.
    const [daily] = await database.db
      .select({ total: sql<string>`sum(${usageDaily.count})` })
      .from(usageDaily)
      .where(eq(usageDaily.organizationId, DEMO_CUSTOMER.id));
    const [monthly] = await database.db
      .select({ total: sql<string>`sum(${usageMonthly.count})`, months: sql<string>`count(distinct month)` })
      .from(usageMonthly)
      .where(eq(usageMonthly.organizationId, DEMO_CUSTOMER.id));
    expect(Number(monthly?.total)).toBe(Number(daily?.total));
    expect(Number(monthly?.months)).toBeGreaterThanOrEqual(2);
  });

  it('writes the project and key descriptions in an English demo user’s language', async () => {
    // Both members leave, so the demo organization goes with its keys.
    await deleteAccount(database.db, DEMO_VIEWER.id);
    await deleteAccount(database.db, DEMO_CUSTOMER.id);
    await demoCustomerStep.run(database.db);
    await database.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_CUSTOMER.id));
    await demoKeysAndUsageStep.run(database.db);
    const [project] = await database.db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, DEMO_CUSTOMER.id));
    expect(project).toMatchObject({ name: 'Demo Store', description: DEMO_TEXTS.en.projectDescription });
    const keys = await database.db.select().from(apiKeys).where(eq(apiKeys.organizationId, DEMO_CUSTOMER.id));
    expect(keys.map((key) => key.description).sort()).toEqual(['Local backend', 'Website (browser)']);
  });

  it('adds nothing when it runs again', async () => {
    const before = await database.db.select().from(usageDaily);
    await demoKeysAndUsageStep.run(database.db);
    expect(await database.db.select().from(usageDaily)).toHaveLength(before.length);
    expect(await database.db.select().from(apiKeys)).toHaveLength(2);
  });
});
