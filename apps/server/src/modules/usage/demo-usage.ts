import { createKeyRequestSchema } from '@cotacep/shared/key-schemas';
import type { Language } from '@cotacep/shared/languages';
import { getPlan } from '@cotacep/shared/plans';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { DAY_MS, HOUR_MS, utcDay } from '../../lib/time.ts';
import type { DemoSeedStep } from '../../seed/demo.ts';
import { recordAudit, SYSTEM_CONTEXT } from '../audit/record.ts';
import { createKey } from '../keys/service.ts';
import { type UsageRow, writeUsageBatch } from './write-batch.ts';

export const DEMO_EMAIL = 'demo@cotacep.dev';
const DAYS = 60;
/** A month's use at this pace stays near 40 % of the plan's quota, so the demo keys keep working. */
const SHARE_OF_QUOTA = 0.4;
/** How answers split by status on an ordinary day: mostly 200, a few misses, rare refusals and errors. */
const STATUS_MIX: [status: number, share: number][] = [
  [200, 0.925],
  [404, 0.042],
  [400, 0.015],
  [429, 0.01],
  [403, 0.004],
  [503, 0.004],
];

/** The texts a person reads in the demo (project and key descriptions), in the demo user's language. */
export const DEMO_TEXTS: Record<
  Language,
  { projectName: string; projectDescription: string; siteKey: string; backendKey: string }
> = {
  'pt-BR': {
    projectName: 'Loja Demo',
    projectDescription: 'Cotações e CEP no checkout da loja de exemplo',
    siteKey: 'Site (navegador)',
    backendKey: 'Backend local',
  },
  en: {
    projectName: 'Demo Store',
    projectDescription: 'Quotes and CEP lookups in the sample store’s checkout',
    siteKey: 'Website (browser)',
    backendKey: 'Local backend',
  },
};

/** Small seeded PRNG (mulberry32): the same demo on every fresh install. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Requests of one day: weekdays busier than weekends, a slow growth over the 60 days, some noise. */
function dailyVolume(base: number, daysAgo: number, weekday: number, next: () => number): number {
  const weekend = weekday === 0 || weekday === 6 ? 0.45 : 1.08;
  const growth = 0.7 + (0.3 * (DAYS - daysAgo)) / DAYS;
  return Math.round(base * weekend * growth * (0.8 + 0.4 * next()));
}

/**
 * Today's and yesterday's rows spread evenly over their hours up to now (the remainder in the last), so
 * the dashboard's last 24 h has figures too.
 */
function byHour(row: UsageRow, now: number): UsageRow[] {
  const start = Date.parse(row.day);
  const hours = Math.max(1, Math.min(24, Math.floor((now - start) / HOUR_MS) + 1));
  const each = Math.floor(row.count / hours);
  return Array.from({ length: hours }, (_, index) => ({
    ...row,
    hour: start + index * HOUR_MS,
    count: index === hours - 1 ? row.count - each * (hours - 1) : each,
  })).filter((hourly) => hourly.count > 0);
}

function usageRows(
  keys: { id: string; projectId: string; share: number }[],
  organizationId: string,
  quota: number,
) {
  const next = random(20_261_121);
  const now = Date.now();
  const base = (quota * SHARE_OF_QUOTA) / 30;
  const rows: UsageRow[] = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const at = now - daysAgo * DAY_MS;
    const day = utcDay(at);
    // Today only as far as it has gone.
    const elapsed = daysAgo === 0 ? (at % DAY_MS) / DAY_MS : 1;
    const volume = dailyVolume(base, daysAgo, new Date(at).getUTCDay(), next) * elapsed;
    for (const key of keys) {
      for (const [status, share] of STATUS_MIX) {
        const requests = Math.round(volume * key.share * share * (0.6 + 0.8 * next()));
        const row = { organizationId, projectId: key.projectId, keyId: key.id, day, status, count: requests };
        if (requests > 0) rows.push(...(daysAgo <= 1 ? byHour(row, now) : [row]));
      }
    }
  }
  return rows;
}

/**
 * The demo customer's project, a public and a private key, and 60 days of usage, so the portal shows
 * real charts on first start. Runs after the demo customer step; does nothing when that customer is
 * missing or already has keys (an interrupted seed that runs again).
 */
export const demoKeysAndUsageStep: DemoSeedStep = {
  name: 'demo keys, project and usage',
  async run(db) {
    const [user] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    if (!user) return;
    const [existing] = await db
      .select({ total: count() })
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, user.id));
    if ((existing?.total ?? 0) > 0) return;
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, user.id));
    if (!organization) return;
    await db.transaction((tx) => seedFor(tx, organization.id, organization.plan, user.language));
  },
};

async function seedFor(db: Db, organizationId: string, plan: string, language: Language) {
  const texts = DEMO_TEXTS[language] ?? DEMO_TEXTS['pt-BR'];
  const [project] = await db
    .insert(projects)
    .values({ organizationId, name: texts.projectName, description: texts.projectDescription })
    .returning();
  await recordAudit(db, SYSTEM_CONTEXT, {
    event: 'project.created',
    organizationId,
    target: { type: 'project', id: project!.id },
    details: { name: project!.name },
  });
  const create = (input: object) =>
    createKey(db, organizationId, createKeyRequestSchema.parse({ projectId: project!.id, ...input }), {
      maxKeys: Number.POSITIVE_INFINITY,
      language,
      // The demo organization is the demo customer's own (the same id).
      createdBy: organizationId,
      context: SYSTEM_CONTEXT,
    });
  const site = await create({
    description: texts.siteKey,
    kind: 'public',
    allowedOrigins: 'http://localhost:3000, http://localhost:5173',
  });
  const backend = await create({
    description: texts.backendKey,
    kind: 'private',
    allowedOrigins: '127.0.0.1, ::1',
  });
  const rows = usageRows(
    [
      { id: site.key.id, projectId: project!.id, share: 0.65 },
      { id: backend.key.id, projectId: project!.id, share: 0.35 },
    ],
    organizationId,
    getPlan(plan).monthlyQuota,
  );
  const lastUsed = new Map([
    [site.key.id, Date.now() - 4 * 60_000],
    [backend.key.id, Date.now() - 17 * 60_000],
  ]);
  await writeUsageBatch(db, rows, lastUsed);
}
