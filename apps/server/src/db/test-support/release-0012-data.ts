import { randomUUID } from 'node:crypto';
import { createKeyRequestSchema } from '@cotacep/shared/key-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, utcDay } from '#server/lib/time.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { generateSecret } from '#server/modules/keys/secrets.ts';
import type { Db } from '../client.ts';

/**
 * What a database of the release before issue 24 (migrations up to 0012) holds, written with that release's
 * SQL: the demo (its customer, project, two keys and 60 days of usage in the three rollups) and a paying
 * customer (Basic in US dollars, billing details, a subscription, its checkout and invoice, two projects,
 * three keys, one of them rotated and still in its grace period, usage, contract limits, a quota notice),
 * plus an account with no name at all and one that never confirmed its e-mail. The demo's CEP reference
 * sample is left out: 0013 touches none of its tables.
 */
export type ReleaseKey = { id: string; userId: string; secret: string; origin?: string };
export type Release0012 = {
  demo: { id: string; email: string; password: string; siteKey: ReleaseKey; backendKey: ReleaseKey };
  customer: {
    id: string;
    email: string;
    password: string;
    keys: ReleaseKey[];
    /** The rotated key's previous secret, valid until its grace period ends. */
    previousSecret: ReleaseKey;
    /** This month's requests counted against the quota (2xx), before the upgrade. */
    monthQuotaUse: number;
    invoiceNumber: string;
    subscriptionId: string;
  };
  nameless: { id: string; email: string };
  unconfirmed: { id: string; email: string };
};

const PASSWORD = 'release 0012 password';
const now = Date.now();
const at = (ms: number) => new Date(ms).toISOString();
const textArray = (values: string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

async function insertUser(
  db: Db,
  user: { id: string; email: string; firstName: string; lastName: string; plan?: string; currency?: string },
  { confirmed = true, password }: { confirmed?: boolean; password?: string } = {},
) {
  await db.execute(sql`
    insert into users (id, email, email_confirmed_at, first_name, last_name, plan, currency, language)
    values (${user.id}, ${user.email}, ${confirmed ? at(now - 90 * DAY_MS) : null}, ${user.firstName},
      ${user.lastName}, ${user.plan ?? 'free'}, ${user.currency ?? 'BRL'}, 'pt-BR')`);
  if (password) {
    await db.execute(
      sql`insert into user_credentials (user_id, password_hash) values (${user.id}, ${await hashPassword(password)})`,
    );
  }
}

async function insertProject(db: Db, userId: string, name: string): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`insert into projects (id, user_id, name, description) values (${id}, ${userId}, ${name}, '')`,
  );
  return id;
}

/** A key as the release's `createKey` stored it: only the secret's SHA-256 and its first characters. */
async function insertKey(
  db: Db,
  userId: string,
  projectId: string,
  input: { description: string; kind: 'public' | 'private'; allowedOrigins: string; enabled?: boolean },
  rotated = false,
): Promise<{ key: ReleaseKey; previous?: ReleaseKey }> {
  const id = randomUUID();
  const { allowedOrigins } = createKeyRequestSchema.parse(input);
  const current = generateSecret(input.kind);
  const previous = rotated ? generateSecret(input.kind) : null;
  await db.execute(sql`
    insert into api_keys (id, user_id, project_id, description, kind, enabled, allowed_origins, secret_hash,
      secret_prefix, previous_secret_hash, previous_secret_prefix, previous_expires_at, rotated_at, created_at)
    values (${id}, ${userId}, ${projectId}, ${input.description}, ${input.kind}, ${input.enabled ?? true},
      ${textArray(allowedOrigins)}, ${current.hash}, ${current.prefix}, ${previous?.hash ?? null},
      ${previous?.prefix ?? null}, ${previous ? at(now + DAY_MS) : null}, ${previous ? at(now - HOUR_MS) : null},
      ${at(now - 60 * DAY_MS)})`);
  const origin = input.kind === 'public' ? allowedOrigins[0] : undefined;
  return {
    key: { id, userId, secret: current.secret, ...(origin ? { origin } : {}) },
    ...(previous ? { previous: { id, userId, secret: previous.secret, ...(origin ? { origin } : {}) } } : {}),
  };
}

/**
 * `days` days of usage for `keys` as the release's meter wrote it: a daily and a monthly row per key and
 * status, and hourly rows for today and yesterday. Answers this month's 2xx requests.
 */
async function insertUsage(
  db: Db,
  userId: string,
  keys: { id: string; projectId: string }[],
  days: number,
): Promise<number> {
  const thisMonth = utcDay(now).slice(0, 7);
  const monthly = new Map<string, number>();
  let monthQuotaUse = 0;
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo--) {
    const day = utcDay(now - daysAgo * DAY_MS);
    for (const [index, key] of keys.entries()) {
      for (const [status, count] of [
        [200, 40 + ((daysAgo * 7 + index * 13) % 50)],
        [404, 1 + ((daysAgo + index) % 4)],
      ] as const) {
        await db.execute(sql`
          insert into usage_daily (user_id, project_id, key_id, day, status, count)
          values (${userId}, ${key.projectId}, ${key.id}, ${day}, ${status}, ${count})`);
        const month = `${day.slice(0, 7)}-01|${key.projectId}|${key.id}|${status}`;
        monthly.set(month, (monthly.get(month) ?? 0) + count);
        if (status === 200 && day.startsWith(thisMonth)) monthQuotaUse += count;
        if (daysAgo <= 1) {
          await db.execute(sql`
            insert into usage_hourly (user_id, project_id, key_id, hour, status, count)
            values (${userId}, ${key.projectId}, ${key.id}, ${`${day}T00:00:00.000Z`}, ${status}, ${count})`);
        }
      }
    }
  }
  for (const [month, count] of monthly) {
    const [first, projectId, keyId, status] = month.split('|') as [string, string, string, string];
    await db.execute(sql`
      insert into usage_monthly (user_id, project_id, key_id, month, status, count)
      values (${userId}, ${projectId}, ${keyId}, ${first}, ${Number(status)}, ${count})`);
  }
  return monthQuotaUse;
}

/** The demo steps of the release: the customer, their project, two keys and 60 days of usage, the marker. */
async function insertDemo(db: Db): Promise<Release0012['demo']> {
  const demo = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'demo@cotacep.dev',
    password: 'cotacep-demo',
  };
  await insertUser(db, { ...demo, firstName: 'Demo', lastName: 'Cotacep' }, { password: demo.password });
  const projectId = await insertProject(db, demo.id, 'Loja Demo');
  const site = await insertKey(db, demo.id, projectId, {
    description: 'Site (navegador)',
    kind: 'public',
    allowedOrigins: 'http://localhost:3000, http://localhost:5173',
  });
  const backend = await insertKey(db, demo.id, projectId, {
    description: 'Backend local',
    kind: 'private',
    allowedOrigins: '127.0.0.1, ::1',
  });
  await insertUsage(
    db,
    demo.id,
    [site.key, backend.key].map((key) => ({ id: key.id, projectId })),
    60,
  );
  await db.execute(
    sql`insert into app_meta (key, value) values ('demo_seeded_at', ${JSON.stringify(at(now))})`,
  );
  return { ...demo, siteKey: site.key, backendKey: backend.key };
}

async function insertPayingCustomer(db: Db): Promise<Release0012['customer']> {
  const customer = { id: randomUUID(), email: 'ana@acme.example', password: PASSWORD };
  const person = { ...customer, firstName: 'Ana', lastName: 'Souza', plan: 'basic', currency: 'USD' };
  await insertUser(db, person, { password: PASSWORD });
  const periodStart = now - 10 * DAY_MS;
  const periodEnd = periodStart + 30 * DAY_MS;
  await db.execute(sql`
    insert into billing_accounts (user_id, provider, customer_id, name, tax_id, address_line, city, state,
      postal_code, country)
    values (${customer.id}, 'test', 'cus_test_acme', 'Acme Ltd', '', '1 Main St', 'Springfield', 'IL', '62701', 'US')`);
  await db.execute(sql`insert into billing_test_clocks (user_id, offset_ms) values (${customer.id}, 0)`);
  const subscriptionId = 'sub_test_acme';
  await db.execute(sql`
    insert into subscriptions (id, provider, user_id, plan_id, cycle, currency, status, current_period_start,
      current_period_end, state_at, created_at)
    values (${subscriptionId}, 'test', ${customer.id}, 'basic', 'monthly', 'USD', 'active', ${at(periodStart)},
      ${at(periodEnd)}, ${at(periodStart)}, ${at(periodStart)})`);
  await db.execute(sql`
    insert into checkout_sessions (id, provider, user_id, plan_id, cycle, currency, amount, status, url,
      subscription_id, created_at, expires_at)
    values ('cs_test_acme', 'test', ${customer.id}, 'basic', 'monthly', 'USD', 1900, 'complete',
      '/billing/test/checkout/cs_test_acme', ${subscriptionId}, ${at(periodStart)}, ${at(periodStart + DAY_MS)})`);
  const invoiceNumber = 'TEST-ACME-0001';
  const billedTo = {
    name: 'Acme Ltd',
    email: customer.email,
    taxId: '',
    addressLine: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  };
  await db.execute(sql`
    insert into invoices (id, provider, user_id, subscription_id, number, status, amount, currency, plan_id,
      cycle, period_start, period_end, paid_at, billed_to, state_at, created_at)
    values ('in_test_acme_1', 'test', ${customer.id}, ${subscriptionId}, ${invoiceNumber}, 'paid', 1900, 'USD',
      'basic', 'monthly', ${at(periodStart)}, ${at(periodEnd)}, ${at(periodStart)}, ${JSON.stringify(billedTo)}::jsonb,
      ${at(periodStart)}, ${at(periodStart)})`);
  await db.execute(sql`
    insert into account_limits (user_id, max_keys, note) values (${customer.id}, 50, 'Contract 2026-17')`);
  await db.execute(sql`
    insert into quota_notices (user_id, month, threshold) values (${customer.id}, ${utcDay(now).slice(0, 7)}, 80)`);
  const checkout = await insertProject(db, customer.id, 'Checkout');
  const backoffice = await insertProject(db, customer.id, 'Backoffice');
  const web = await insertKey(db, customer.id, checkout, {
    description: 'Storefront',
    kind: 'public',
    allowedOrigins: '*',
  });
  const server = await insertKey(
    db,
    customer.id,
    backoffice,
    { description: 'ERP', kind: 'private', allowedOrigins: '127.0.0.1' },
    true,
  );
  const old = await insertKey(db, customer.id, backoffice, {
    description: 'Old integration',
    kind: 'private',
    allowedOrigins: '127.0.0.1',
    enabled: false,
  });
  const monthQuotaUse = await insertUsage(
    db,
    customer.id,
    [
      { id: web.key.id, projectId: checkout },
      { id: server.key.id, projectId: backoffice },
    ],
    45,
  );
  return {
    ...customer,
    keys: [web.key, server.key, old.key],
    previousSecret: server.previous as ReleaseKey,
    monthQuotaUse,
    invoiceNumber,
    subscriptionId,
  };
}

export async function fillAsRelease0012(db: Db): Promise<Release0012> {
  const demo = await insertDemo(db);
  const customer = await insertPayingCustomer(db);
  const nameless = { id: randomUUID(), email: 'nameless@example.com' };
  await insertUser(db, { ...nameless, firstName: '', lastName: '' });
  await db.execute(sql`
    insert into billing_accounts (user_id, provider, customer_id, name) values (${nameless.id}, 'test', 'cus_test_x', '  ')`);
  const unconfirmed = { id: randomUUID(), email: 'later@example.com' };
  await insertUser(db, { ...unconfirmed, firstName: 'Léa', lastName: 'Lima' }, { confirmed: false });
  return { demo, customer, nameless, unconfirmed };
}
