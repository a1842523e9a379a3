import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED_STEPS, seedDemoData } from '../../seed/demo.ts';
import { post } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { DEMO_CUSTOMER, DEMO_VIEWER, demoCustomerStep, demoViewerStep } from './demo-customer.ts';

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

  it('has a second member, a Viewer, who signs in to the demo organization and may read but not write', async () => {
    expect(DEMO_SEED_STEPS.indexOf(demoViewerStep)).toBe(DEMO_SEED_STEPS.indexOf(demoCustomerStep) + 1);
    await demoViewerStep.run(test.database.db);
    // Once more, as an interrupted seed would: nothing is added twice.
    await demoViewerStep.run(test.database.db);
    const login = await post(test.app, '/api/auth/login', {
      email: DEMO_VIEWER.email,
      password: DEMO_VIEWER.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const organizations = await test.app.inject({ url: '/api/organizations', headers });
    expect(organizations.json().items).toEqual([
      expect.objectContaining({
        id: DEMO_CUSTOMER.id,
        name: 'Demo Cotacep',
        role: 'viewer',
        isDefault: true,
      }),
    ]);
    const members = await test.app.inject({ url: `/api/organizations/${DEMO_CUSTOMER.id}/members`, headers });
    expect(
      members.json().items.map((member: { email: string; role: string }) => [member.email, member.role]),
    ).toEqual([
      [DEMO_CUSTOMER.email, 'owner'],
      [DEMO_VIEWER.email, 'viewer'],
    ]);
    expect((await test.app.inject({ url: '/api/keys', headers })).statusCode).toBe(200);
    const create = await test.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers,
      payload: { description: 'Not mine to make', kind: 'public', allowedOrigins: '*' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('PermissionDenied');
  });
});
