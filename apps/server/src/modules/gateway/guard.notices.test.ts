import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { quotaMails } from './test-support/quota-mails.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, PUBLIC_URL: 'https://portal.example.com' } });
});
afterAll(() => test.close());

describe('quota e-mails', () => {
  it('sends one at 80 % and one at 100 % of the month, in the account’s language, with the figures', async () => {
    const account = await createAccount(test.app, test.database.db, { limits: { monthlyQuota: 10 } });
    await test.database.db.update(users).set({ language: 'en' }).where(eq(users.id, account.organizationId));
    const { secret } = await createKey(test.app, account);
    const call = (url = '/quotes/json/last/USD-BRL') =>
      test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });

    for (let index = 0; index < 7; index++) expect((await call()).statusCode).toBe(200);
    // Failures past 80 % use no quota, so they send nothing.
    for (let index = 0; index < 5; index++) expect((await call('/cep/json/123')).statusCode).toBe(400);
    expect(await quotaMails(test.database.db, account.email, 0)).toEqual([]);

    expect((await call()).statusCode).toBe(200);
    const atEighty = await quotaMails(test.database.db, account.email, 1);
    expect(atEighty.map((mail) => mail.subject)).toEqual(['You have used 80% of your Cotacep monthly quota']);
    expect(atEighty[0]!.text).toContain('8 of the 10 requests your Free plan includes this month');
    expect(atEighty[0]!.text).toContain('https://portal.example.com/pricing');

    expect((await call()).statusCode).toBe(200);
    expect(await quotaMails(test.database.db, account.email, 1)).toHaveLength(1);
    expect((await call()).statusCode).toBe(200);
    const all = await quotaMails(test.database.db, account.email, 2);
    expect(all.map((mail) => mail.subject)).toEqual([
      'You have used 80% of your Cotacep monthly quota',
      'Your Cotacep monthly quota is used up',
    ]);
    expect((await call()).json().code).toBe('quota_exceeded');
    expect(await quotaMails(test.database.db, account.email, 2)).toHaveLength(2);
  });
});
