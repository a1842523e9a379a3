import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { cepAddresses } from '#server/db/schema/cep-addresses.ts';
import { cepMunicipalities } from '#server/db/schema/cep-municipalities.ts';
import { cepRanges } from '#server/db/schema/cep-ranges.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { importReferenceData } from './import-reference.ts';
import { readReferenceDirectory } from './read-directory.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'reference');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function tableSizes() {
  const [[m], [r], [s]] = await Promise.all([
    database.db.select({ n: count() }).from(cepMunicipalities),
    database.db.select({ n: count() }).from(cepRanges),
    database.db.select({ n: count() }).from(cepAddresses),
  ]);
  return [m?.n, r?.n, s?.n];
}

/** A copy of the fixture directory with one file rewritten. */
async function variant(file: string, edit: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cep-reference-'));
  await cp(FIXTURES, dir, { recursive: true });
  await writeFile(path.join(dir, file), edit(await readFile(path.join(dir, file), 'utf8')));
  return dir;
}

describe('reference import', () => {
  it('loads the three files and reports what it inserted', async () => {
    const report = await importReferenceData(database.db, await readReferenceDirectory(FIXTURES));
    expect(report).toEqual({
      municipalities: { inserted: 8, updated: 0, unchanged: 0, removed: 0 },
      ranges: { inserted: 10, updated: 0, unchanged: 0, removed: 0 },
      streets: { inserted: 4, updated: 0, unchanged: 0, removed: 0 },
    });
    expect(await tableSizes()).toEqual([8, 10, 4]);
    const [sp] = await database.db
      .select()
      .from(cepMunicipalities)
      .where(eq(cepMunicipalities.ibge, '3550308'));
    expect(sp).toMatchObject({
      name: 'São Paulo',
      uf: 'SP',
      ddd: '11',
      lat: -23.5329,
      lng: -46.6395,
      isCapital: true,
    });
    const [se] = await database.db.select().from(cepAddresses).where(eq(cepAddresses.cep, '01001000'));
    expect(se).toMatchObject({
      street: 'Praça da Sé',
      district: 'Sé',
      ibge: '3550308',
      lat: -23.5501976,
      source: 'import',
    });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const report = await importReferenceData(database.db, await readReferenceDirectory(FIXTURES));
    expect(report.municipalities).toEqual({ inserted: 0, updated: 0, unchanged: 8, removed: 0 });
    expect(report.ranges).toEqual({ inserted: 0, updated: 0, unchanged: 10, removed: 0 });
    expect(report.streets).toEqual({ inserted: 0, updated: 0, unchanged: 4, removed: 0 });
    expect(await tableSizes()).toEqual([8, 10, 4]);
  });

  it('updates changed rows and removes ranges the new file no longer lists', async () => {
    const dir = await variant('ranges.csv', (text) =>
      text.replace('76954000,76955999,1100015\n', '').replace('40000001,42599999', '40000001,42599998'),
    );
    try {
      const report = await importReferenceData(database.db, await readReferenceDirectory(dir));
      expect(report.ranges).toEqual({ inserted: 0, updated: 1, unchanged: 8, removed: 1 });
      expect(await tableSizes()).toEqual([8, 9, 4]);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it.each([
    [
      'ranges.csv',
      (t: string) => t.replace('01000001,05999999', '01000001,07000002'),
      /ranges overlap: 01000001–07000002 and 07000001–07399999/,
    ],
    [
      'ranges.csv',
      (t: string) => t.replace('20000001,23799999', '23799999,20000001'),
      /ranges.csv:5: cep_start is after cep_end/,
    ],
    [
      'ranges.csv',
      (t: string) => t.replace('3304557', '9999999'),
      /range 20000001 names unknown municipality 9999999/,
    ],
    [
      'ranges.csv',
      (t: string) => t.replace('01000001', '1000001'),
      /ranges.csv:2: cepStart: expected 8 digits/,
    ],
    [
      'municipalities.csv',
      (t: string) => t.replace(',11,-23.5329', ',11,north'),
      /municipalities.csv:8: lat: expected a decimal number/,
    ],
    [
      'municipalities.csv',
      (t: string) => t.replace('BA,71', 'Bahia,71'),
      /municipalities.csv:4: uf: expected a two-letter UF/,
    ],
    [
      'streets.json',
      (t: string) => t.replace('"01001-000"', '"0100-1000"'),
      /streets.json\[0\]: cep: expected NNNNN-NNN/,
    ],
    ['streets.json', () => '{"cep": "01001-000"}', /streets.json: expected an array/],
    ['streets.json', () => '[{"cep": ', /streets.json: not JSON/],
  ])(
    'refuses a bad %s with a message naming the problem, and writes nothing',
    async (file, edit, message) => {
      const before = await tableSizes();
      const dir = await variant(file, edit);
      try {
        await expect(
          readReferenceDirectory(dir).then((data) => importReferenceData(database.db, data)),
        ).rejects.toThrow(message);
        expect(await tableSizes()).toEqual(before);
      } finally {
        await rm(dir, { recursive: true });
      }
    },
  );

  it('needs municipalities.csv and ranges.csv; streets.json is optional', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cep-reference-'));
    try {
      await expect(readReferenceDirectory(dir)).rejects.toThrow(/municipalities.csv/);
      await cp(path.join(FIXTURES, 'municipalities.csv'), path.join(dir, 'municipalities.csv'));
      await cp(path.join(FIXTURES, 'ranges.csv'), path.join(dir, 'ranges.csv'));
      expect((await readReferenceDirectory(dir)).streets).toEqual([]);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
