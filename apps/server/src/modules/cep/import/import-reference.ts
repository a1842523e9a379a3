import { notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { cepAddresses } from '#server/db/schema/cep-addresses.ts';
import { cepMunicipalities } from '#server/db/schema/cep-municipalities.ts';
import { cepRanges } from '#server/db/schema/cep-ranges.ts';
import type { ReferenceData } from './reference-data.ts';

export type TableCounts = { inserted: number; updated: number; unchanged: number; removed: number };

export type ImportReport = { municipalities: TableCounts; ranges: TableCounts; streets: TableCounts };

const BATCH = 1000;

/**
 * Writes a validated reference set in one transaction, as upserts: running it twice changes nothing
 * the second time. The ranges file is the whole truth about ranges, so ranges it no longer lists are
 * removed; municipalities and street records are only added or updated.
 */
export async function importReferenceData(db: Db, data: ReferenceData): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const municipalities = await upsert(
      tx,
      cepMunicipalities,
      cepMunicipalities.ibge,
      data.municipalities,
      {
        name: cepMunicipalities.name,
        uf: cepMunicipalities.uf,
        ddd: cepMunicipalities.ddd,
        lat: cepMunicipalities.lat,
        lng: cepMunicipalities.lng,
        timezone: cepMunicipalities.timezone,
        isCapital: cepMunicipalities.isCapital,
      },
      { updatedAt: sql`now()` },
    );
    const ranges = await upsert(tx, cepRanges, cepRanges.cepStart, data.ranges, {
      cepEnd: cepRanges.cepEnd,
      ibge: cepRanges.ibge,
    });
    const starts = data.ranges.map((range) => range.cepStart);
    const removed = await tx.delete(cepRanges).where(notInArray(cepRanges.cepStart, starts)).returning();
    ranges.removed = removed.length;
    const streets = await upsert(
      tx,
      cepAddresses,
      cepAddresses.cep,
      data.streets.map((street) => ({ ...street, ddd: null, source: 'import' as const })),
      {
        street: cepAddresses.street,
        complement: cepAddresses.complement,
        district: cepAddresses.district,
        city: cepAddresses.city,
        uf: cepAddresses.uf,
        ibge: cepAddresses.ibge,
        ddd: cepAddresses.ddd,
        lat: cepAddresses.lat,
        lng: cepAddresses.lng,
        source: cepAddresses.source,
      },
      { fetchedAt: sql`now()` },
    );
    return { municipalities, ranges, streets };
  });
}

/** INSERT … ON CONFLICT DO UPDATE only where a compared column differs; counts each outcome. */
async function upsert<T extends PgTable>(
  db: Pick<Db, 'insert'>,
  table: T,
  key: PgColumn,
  rows: T['$inferInsert'][],
  compared: Record<string, PgColumn>,
  /** Also set on an update (a timestamp). */
  touched: Record<string, SQL> = {},
): Promise<TableCounts> {
  const columns = Object.values(compared);
  const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);
  const set: Record<string, SQL> = {
    ...Object.fromEntries(Object.entries(compared).map(([property, column]) => [property, excluded(column)])),
    ...touched,
  };
  const changed = sql`(${sql.join(columns, sql`, `)}) is distinct from (${sql.join(columns.map(excluded), sql`, `)})`;
  const counts: TableCounts = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  for (let i = 0; i < rows.length; i += BATCH) {
    const written = await db
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({ target: key, set, setWhere: changed })
      // xmax is 0 on a freshly inserted row version and set on an updated one.
      .returning({ isInsert: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (row.isInsert) counts.inserted++;
      else counts.updated++;
    }
  }
  counts.unchanged = rows.length - counts.inserted - counts.updated;
  return counts;
}
