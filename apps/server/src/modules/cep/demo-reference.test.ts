import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { demoCepReferenceStep } from './demo-reference.ts';

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
});
