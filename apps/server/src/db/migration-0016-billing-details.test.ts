import { randomUUID } from 'node:crypto';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import type { Database, Db } from './client.ts';
import { openReleaseDatabase } from './test-support/release-database.ts';

/**
 * Issue 27: migration 0016 on a database the release before it filled. The details that checkout asked
 * for (kept on `billing_accounts`) become the organization's billing details, the CPF/CNPJ and CEP without
 * punctuation and the first Owner's e-mail receiving the invoices; `billing_accounts` keeps only the
 * provider's customer.
 */
const PASSWORD = 'release 0015 password';
const DAY_MS = 86_400_000;

type Person = { id: string; email: string };
const person = (label: string): Person => {
  const id = randomUUID();
  return { id, email: `${label}.${id.slice(0, 8)}@example.com` };
};

const brazilian = { owner: person('bia'), laterOwner: person('caio') };
const american = { owner: person('ada') };
const incomplete = { owner: person('noaddress') };

async function insertOrganization(db: Db, owners: Person[], account: string) {
  const [first] = owners as [Person];
  for (const [index, owner] of owners.entries()) {
    await db.execute(sql`
      insert into users (id, email, email_confirmed_at, first_name, last_name, language)
      values (${owner.id}, ${owner.email}, now(), 'Ana', 'Lima', 'pt-BR')`);
    await db.execute(
      sql`insert into user_credentials (user_id, password_hash) values (${owner.id}, ${await hashPassword(PASSWORD)})`,
    );
    if (index === 0) {
      await db.execute(sql`insert into organizations (id, name) values (${first.id}, ${`Org ${account}`})`);
    }
    // The first Owner joined earliest: their address is the one copied.
    const joinedAt = new Date(Date.now() - (10 - index) * DAY_MS).toISOString();
    await db.execute(sql`
      insert into organization_members (organization_id, user_id, role, joined_at)
      values (${first.id}, ${owner.id}, 'owner', ${joinedAt})`);
  }
}

let database: Database;
let test: TestApp;
beforeAll(async () => {
  database = await openReleaseDatabase('0015_audit-staff-privacy');
  const db = database.db;
  await insertOrganization(db, [brazilian.owner, brazilian.laterOwner], 'br');
  await insertOrganization(db, [american.owner], 'us');
  await insertOrganization(db, [incomplete.owner], 'incomplete');
  await db.execute(sql`
    insert into billing_accounts (organization_id, provider, customer_id, name, tax_id, address_line, city, state,
      postal_code, country)
    values
      (${brazilian.owner.id}, 'test', 'cus_test_bia', 'Bia Cota ME', '529.982.247-25', 'Avenida Paulista, 1000',
        'São Paulo', 'SP', '01310-100', 'BR'),
      (${american.owner.id}, 'stripe', 'cus_ada', 'Ada Lovelace LLC', null, '1 Main Street', 'Springfield', 'IL',
        '62701', 'US')`);
  // A checkout started and never finished: a customer, no details.
  await db.execute(sql`
    insert into billing_accounts (organization_id, provider, customer_id)
    values (${incomplete.owner.id}, 'test', 'cus_test_noaddress')`);
  await database.migrate();
  test = await createTestApp({ database, env: GATEWAY_TEST_ENV });
}, 120_000);
afterAll(async () => {
  if (test) await test.close();
  else await database?.close();
});

async function rowsOf(query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function signIn(email: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${(response.json() as TokenSet).accessToken}` };
}

describe('migration 0016 on a database of the release before it', () => {
  it('copies complete details to billing_details, normalized, with the first Owner’s e-mail', async () => {
    const rows = await rowsOf(sql`
      select organization_id, country, legal_name, tax_id, postal_code, street, number, district, city, state,
        city_code, emails
      from billing_details order by legal_name`);
    expect(rows).toEqual([
      {
        organization_id: american.owner.id,
        country: 'US',
        legal_name: 'Ada Lovelace LLC',
        tax_id: '',
        postal_code: '62701',
        street: '1 Main Street',
        number: '',
        district: '',
        city: 'Springfield',
        state: 'IL',
        city_code: '',
        emails: [american.owner.email],
      },
      {
        organization_id: brazilian.owner.id,
        country: 'BR',
        legal_name: 'Bia Cota ME',
        tax_id: '52998224725',
        postal_code: '01310100',
        street: 'Avenida Paulista, 1000',
        number: '',
        district: '',
        city: 'São Paulo',
        state: 'SP',
        city_code: '',
        emails: [brazilian.owner.email],
      },
    ]);
  });

  it('leaves billing_accounts with the provider’s customer only', async () => {
    const columns = await rowsOf(
      sql`select column_name from information_schema.columns where table_name = 'billing_accounts' order by column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual([
      'created_at',
      'customer_id',
      'organization_id',
      'provider',
      'updated_at',
    ]);
    const customers = await rowsOf(sql`select customer_id from billing_accounts order by customer_id`);
    expect(customers.map((row) => row.customer_id)).toEqual([
      'cus_ada',
      'cus_test_bia',
      'cus_test_noaddress',
    ]);
  });

  it('serves the copied details, and lets the Brazilian organization buy in reais at once', async () => {
    const headers = await signIn(brazilian.laterOwner.email);
    const details = await test.app.inject({ url: '/api/billing/details', headers });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json() as BillingDetails).toMatchObject({
      legalName: 'Bia Cota ME',
      taxId: '52998224725',
    });
    const checkout = await test.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { planId: 'basic', cycle: 'monthly' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);

    const without = await signIn(incomplete.owner.email);
    expect((await test.app.inject({ url: '/api/billing/details', headers: without })).body).toBe('null');
  });
});
