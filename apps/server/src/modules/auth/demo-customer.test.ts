import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED_STEPS, seedDemoData } from '../../seed/demo.ts';
import { post } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { DEMO_CUSTOMER, demoCustomerStep } from './demo-customer.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('demo customer', () => {
  it('is seeded confirmed and signs in with the README credentials', async () => {
    expect(DEMO_SEED_STEPS).toContain(demoCustomerStep);
    expect(await seedDemoData(test.database.db, [demoCustomerStep])).toBe(true);
    const login = await post(test.app, '/api/auth/login', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const account = await test.app.inject({
      url: '/api/account',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(account.json()).toMatchObject({
      id: DEMO_CUSTOMER.id,
      email: 'demo@cotacep.dev',
      firstName: 'Demo',
    });
  });
});
