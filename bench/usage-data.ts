/**
 * The usage bench's database: `accounts` ordinary accounts with one key each and one account with 100 keys
 * in 10 projects, each with a year of daily usage, generated in SQL (`generate_series`), not row by row.
 * An ordinary key has ~1.75 rows a day (200 every day, 404 every other day, 400/429/500 every fourth), so
 * 10,000 accounts make the 6.4 M daily rows the issue measured.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export type UsageData = {
  bigAccount: string;
  ordinaryAccount: string;
  dailyRows: number;
  monthlyRows: number;
  seconds: number;
};

const BIG_KEYS = 100;
const BIG_PROJECTS = 10;
const DAYS = 365;
/** Days per INSERT (~0.9 M rows at 10,000 accounts): a progress line each, no transaction of millions. */
const CHUNK_DAYS = 50;

const ORDINARY_STATUSES = sql`(
  select 200 union all select 404 where d % 2 = 0
  union all select (array[400, 429, 500])[(d / 4) % 3 + 1] where d % 4 = 1
) as st(status)`;
const BIG_STATUSES = sql`(
  select 200 union all select 404 union all select 429 where d % 2 = 0 union all select 500 where d % 5 = 0
) as st(status)`;

/** A statement's rows: both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Bulk load: indexes and the primary key are built once after the rows are in, as a restore does. */
async function withoutIndexes(db: Db, table: string, load: () => Promise<void>) {
  const keys = await selectRows<{ name: string; definition: string }>(
    db,
    sql`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype = 'p'`,
  );
  const indexes = await selectRows<{ name: string; definition: string }>(
    db,
    sql`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = ${table} and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  for (const key of keys) await db.execute(sql.raw(`alter table "${table}" drop constraint "${key.name}"`));
  await load();
  for (const key of keys) {
    await db.execute(sql.raw(`alter table "${table}" add constraint "${key.name}" ${key.definition}`));
  }
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

export async function generateUsageData(
  db: Db,
  { accounts, today, log }: { accounts: number; today: string; log: (line: string) => void },
): Promise<UsageData> {
  const started = performance.now();
  // The rows are made consistent here; skipping the foreign keys' per-row checks is what a restore does.
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name)
    select md5('u' || a)::uuid, 'bench' || a || '@example.com', 'Bench', 'Account'
    from generate_series(0, ${accounts}::int) as a`);
  // Each account's own organization, with its id, as sign-up makes it (decision 033).
  await db.execute(sql`
    insert into organizations (id, name, plan)
    select md5('u' || a)::uuid, 'Bench ' || a, case when a = 0 then 'business' else 'free' end
    from generate_series(0, ${accounts}::int) as a`);
  await db.execute(sql`
    insert into organization_members (organization_id, user_id, role)
    select md5('u' || a)::uuid, md5('u' || a)::uuid, 'owner' from generate_series(0, ${accounts}::int) as a`);
  await db.execute(sql`
    insert into projects (id, organization_id, name)
    select md5('p' || a)::uuid, md5('u' || a)::uuid, 'Project ' || a from generate_series(1, ${accounts}::int) as a
    union all
    select md5('p0-' || j)::uuid, md5('u0')::uuid, 'Project ' || j from generate_series(1, ${BIG_PROJECTS}::int) as j`);
  await db.execute(sql`
    insert into api_keys (id, organization_id, project_id, description, kind, allowed_origins, secret_hash, secret_prefix)
    select md5('k' || a)::uuid, md5('u' || a)::uuid, md5('p' || a)::uuid, 'Key', 'public', array['*'],
      md5('k' || a) || md5('s' || a), 'ck_pub_0000'
    from generate_series(1, ${accounts}::int) as a
    union all
    select md5('k0-' || j)::uuid, md5('u0')::uuid, md5('p0-' || ((j - 1) % ${BIG_PROJECTS} + 1))::uuid,
      'Key ' || j, 'private', array['0.0.0.0/0'], md5('k0-' || j) || md5('s0-' || j), 'ck_priv_000'
    from generate_series(1, ${BIG_KEYS}::int) as j`);

  // Day by day, every account's rows of a day together, as the meter's flushes lay them down: an
  // account's rows are spread over the table, not packed together.
  await withoutIndexes(db, 'usage_daily', async () => {
    for (let newest = DAYS - CHUNK_DAYS; newest > -CHUNK_DAYS; newest -= CHUNK_DAYS) {
      const [first, last] = [Math.max(0, newest), newest + CHUNK_DAYS - 1];
      await db.execute(sql`
        insert into usage_daily (organization_id, project_id, key_id, day, status, count)
        select u, p, k, ${today}::date - d, status, count from (
          select account.u, account.p, account.k, d, st.status, 1 + (account.a * 7 + d) % 50 as count
          from (
            select a, md5('u' || a)::uuid as u, md5('p' || a)::uuid as p, md5('k' || a)::uuid as k
            from generate_series(1, ${accounts}::int) as a
          ) as account
          cross join generate_series(${first}::int, ${last}::int) as d
          cross join lateral ${ORDINARY_STATUSES}
          union all
          select md5('u0')::uuid, md5('p0-' || ((j - 1) % ${BIG_PROJECTS} + 1))::uuid, md5('k0-' || j)::uuid,
            d, st.status, 10 + (j * 13 + d) % 500
          from generate_series(1, ${BIG_KEYS}::int) as j
          cross join generate_series(${first}::int, ${last}::int) as d
          cross join lateral ${BIG_STATUSES}
        ) as rows order by d desc`);
      log(
        `  ${DAYS - Math.max(0, newest)} of ${DAYS} days, ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
  });
  await db.execute(sql`
    insert into usage_monthly (organization_id, project_id, key_id, month, status, count)
    select organization_id, project_id, key_id, date_trunc('month', day)::date, status, sum(count)
    from usage_daily group by 1, 2, 3, 4, 5 order by 4`);
  await db.execute(sql`set session_replication_role = origin`);
  await db.execute(sql`analyze`);

  const count = async (table: string) => {
    const rows = await selectRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`));
    return Number(rows[0]!.n);
  };
  const account = async (index: number) => {
    const rows = await selectRows<{ id: string }>(db, sql`select md5(${`u${index}`})::uuid as id`);
    return rows[0]!.id;
  };
  return {
    bigAccount: await account(0),
    ordinaryAccount: await account(Math.ceil(accounts / 2)),
    dailyRows: await count('usage_daily'),
    monthlyRows: await count('usage_monthly'),
    seconds: (performance.now() - started) / 1000,
  };
}
