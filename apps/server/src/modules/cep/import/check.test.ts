import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createCepRepository } from '../repository.ts';
import { createCepService } from '../service.ts';
import { checkMeasuredCeps, describeCheckLine } from './check.ts';
import { importReferenceData } from './import-reference.ts';
import { readReferenceDirectory } from './read-directory.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const check = () => {
  const repository = createCepRepository(database.db);
  return checkMeasuredCeps(
    createCepService({ repository, upstream: null, cacheSize: 0, cacheTtlMs: 1 }),
    repository,
  );
};

describe('measured CEP check', () => {
  it('fails every line on an empty database', async () => {
    const lines = await check();
    expect(lines.map((line) => line.isOk)).toEqual([false, false, false, false, false]);
    expect(describeCheckLine(lines[0]!)).toBe(
      'FAIL 01001000  expected São Paulo/SP 3550308 DDD 11  got not found; range → none',
    );
  });

  it('passes on the fixture reference set, street records and ranges alike', async () => {
    const data = await readReferenceDirectory(path.join(import.meta.dirname, '..', 'fixtures', 'reference'));
    await importReferenceData(database.db, data);
    const lines = await check();
    expect(lines.every((line) => line.isOk)).toBe(true);
    expect(lines.map((line) => line.source)).toEqual([
      'import',
      'import',
      'import',
      'municipality',
      'municipality',
    ]);
  });

  it('fails a CEP whose range points at the wrong municipality', async () => {
    const data = await readReferenceDirectory(path.join(import.meta.dirname, '..', 'fixtures', 'reference'));
    const ranges = data.ranges.map((range) =>
      range.ibge === '2927408' ? { ...range, ibge: '3106200' } : range,
    );
    await importReferenceData(database.db, { ...data, ranges });
    const salvador = (await check()).find((line) => line.expected.cep === '40020000');
    expect(salvador?.isOk).toBe(false);
    expect(salvador?.got?.city).toBe('Belo Horizonte');
  });
});
