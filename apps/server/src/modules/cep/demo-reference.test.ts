import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepRanges } from '../../db/schema/cep-ranges.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { demoCepReferenceStep } from './demo-reference.ts';
import { importReferenceData } from './import/import-reference.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CEP_UPSTREAM: 'off' } });
});
afterAll(() => t.close());

describe('the demo CEP reference step', () => {
  it("lets a fresh offline install answer a capital's CEP; running it twice changes nothing", async () => {
    // Another CEP of the same city: the service remembers misses, so the checked CEP is asked only once.
    const before = await t.app.inject({ method: 'GET', url: '/cep/json/01310100' });
    expect(before.statusCode).not.toBe(200);
    await demoCepReferenceStep.run(t.database.db);
    await demoCepReferenceStep.run(t.database.db);
    const after = await t.app.inject({ method: 'GET', url: '/cep/json/01001000' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ city: 'São Paulo', state: 'SP', city_ibge: '3550308', ddd: '11' });
  });

  // Issue 28: `npm run import:cep` before the first `npm start` was undone by the demo seed, which replaced
  // the imported ranges with its ten.
  it('leaves reference data already imported as it is', async () => {
    const imported = await createTestApp({ env: { CEP_UPSTREAM: 'off' } });
    try {
      const { db } = imported.database;
      const ranges = [
        { cepStart: 69900001, cepEnd: 69923999, ibge: '1200401' },
        { cepStart: 69924000, cepEnd: 69924999, ibge: '1200013' },
      ];
      await importReferenceData(db, {
        municipalities: [
          {
            ibge: '1200401',
            name: 'Rio Branco',
            uf: 'AC',
            ddd: '68',
            lat: -9.97,
            lng: -67.81,
            timezone: 'America/Rio_Branco',
            isCapital: true,
          },
          {
            ibge: '1200013',
            name: 'Acrelândia',
            uf: 'AC',
            ddd: '68',
            lat: -9.83,
            lng: -66.9,
            timezone: 'America/Rio_Branco',
            isCapital: false,
          },
        ],
        ranges,
        streets: [],
      });
      await demoCepReferenceStep.run(db);
      const kept = await db.select({ cepStart: cepRanges.cepStart }).from(cepRanges);
      expect(kept.map((range) => Number(range.cepStart)).sort()).toEqual(
        ranges.map((range) => range.cepStart),
      );
    } finally {
      await imported.close();
    }
  });
});
