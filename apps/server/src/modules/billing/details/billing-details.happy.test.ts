import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetails } from '#server/db/schema/billing-details.ts';
import { nfse } from '#server/db/schema/nfse.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { BILLING_DETAILS, billingClient, US_BILLING_DETAILS } from '../test-support/billing-client.ts';

/**
 * Issue 27 item 1: `GET/PUT /api/billing/details`, the one place an organization's billing details are
 * kept. Saved whole, stored as the nota needs them, on the record, and a rejected nota is tried again.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const newCustomer = async (language = 'en') => {
  const account = await createAccount(test.app, test.database.db);
  return { account, billing: billingClient(test.app, account, language) };
};

const storedRow = async (organizationId: string) =>
  (
    await test.database.db
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.organizationId, organizationId))
  )[0];

describe('GET /api/billing/details', () => {
  it('answers null until someone saves them, never cached', async () => {
    const { billing } = await newCustomer();
    const response = await billing.call('GET', '/details');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('PUT /api/billing/details', () => {
  it('saves a Brazilian set: the CPF, CEP and IE without punctuation, the e-mails lower-cased', async () => {
    const { account, billing } = await newCustomer();
    const saved = await billing.saveDetails({
      ...BILLING_DETAILS,
      stateRegistration: '110.042.490.114',
      municipalRegistration: '1.234.567-8',
      complement: 'Sala 5',
      emails: ['Financeiro@GiLima.example', 'contabil@gilima.example'],
    });
    const expected = {
      country: 'BR',
      legalName: 'Gi Lima',
      taxId: '52998224725',
      stateRegistration: '110042490114',
      municipalRegistration: '1.234.567-8',
      postalCode: '01001000',
      street: 'Praça da Sé',
      number: '100',
      complement: 'Sala 5',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      cityCode: '3550308',
      emails: ['financeiro@gilima.example', 'contabil@gilima.example'],
    };
    expect(saved).toEqual({ ...expected, updatedAt: expect.any(String) });
    expect(await billing.details()).toEqual(saved);
    expect(await storedRow(account.organizationId)).toMatchObject(expected);
  });

  it('takes the alphanumeric CNPJ (upper-cased), ISENTO and the lower-case UF', async () => {
    const { billing } = await newCustomer();
    const saved = await billing.saveDetails({
      ...BILLING_DETAILS,
      legalName: 'Cota Serviços Ltda',
      taxId: '12.abc.345/01de-35',
      stateRegistration: 'isento',
      state: 'sp',
    });
    expect(saved).toMatchObject({ taxId: '12ABC34501DE35', stateRegistration: 'ISENTO', state: 'SP' });
  });

  it('saves a set abroad: no CPF, the address as written, no Brazilian registration kept', async () => {
    const { billing } = await newCustomer();
    const saved = await billing.saveDetails({
      ...US_BILLING_DETAILS,
      taxId: 'EIN 12-3456789',
      stateRegistration: '123',
      cityCode: '3550308',
    });
    expect(saved).toMatchObject({
      country: 'US',
      legalName: 'Ada Lovelace LLC',
      taxId: 'EIN 12-3456789',
      stateRegistration: '',
      cityCode: '',
      postalCode: '62701',
      number: '',
      district: '',
    });
  });

  it('replaces the whole set, and records which fields changed (never their values)', async () => {
    const { account, billing } = await newCustomer();
    await billing.saveDetails();
    await billing.saveDetails({ ...BILLING_DETAILS, legalName: 'Gi Lima ME', number: '200' });
    // Saving the same again changes nothing and records nothing.
    await billing.saveDetails({ ...BILLING_DETAILS, legalName: 'Gi Lima ME', number: '200' });
    const entries = await auditEntriesOf(test.database.db, {
      organizationId: account.organizationId,
      events: ['billing.details_updated'],
    });
    expect(entries.map((entry) => entry.details)).toEqual([
      {
        changed:
          'country,legalName,taxId,stateRegistration,municipalRegistration,postalCode,street,number,complement,district,city,state,cityCode,emails',
      },
      { changed: 'legalName,number' },
    ]);
    expect(entries[1]).toMatchObject({ actorType: 'user', actorId: account.userId });
    expect(JSON.stringify(entries)).not.toContain('Gi Lima ME');
    expect((await billing.details())?.legalName).toBe('Gi Lima ME');
  });

  it('queues a rejected nota again once the details change, and leaves an issued one alone', async () => {
    const { account, billing } = await newCustomer();
    await billing.saveDetails();
    const notaOf = (invoiceId: string, status: 'rejected' | 'issued') => ({
      organizationId: account.organizationId,
      invoiceId,
      issuer: 'test',
      status,
      reference: `ref-${invoiceId}`,
      rejectionReason: status === 'rejected' ? 'CPF do tomador inválido' : null,
      attempts: 3,
      nextAttemptAt: null,
    });
    const rejectedId = `in_test_rejected_${account.userId}`;
    const issuedId = `in_test_issued_${account.userId}`;
    await test.database.db.insert(nfse).values([notaOf(rejectedId, 'rejected'), notaOf(issuedId, 'issued')]);

    await billing.saveDetails({ ...BILLING_DETAILS, taxId: '111.444.777-35' });
    const rows = await test.database.db
      .select()
      .from(nfse)
      .where(eq(nfse.organizationId, account.organizationId));
    const byInvoice = Object.fromEntries(rows.map((row) => [row.invoiceId, row]));
    expect(byInvoice[rejectedId]).toMatchObject({ status: 'pending', rejectionReason: null, attempts: 0 });
    expect(byInvoice[rejectedId]?.nextAttemptAt).toBeInstanceOf(Date);
    expect(byInvoice[issuedId]).toMatchObject({ status: 'issued', attempts: 3, nextAttemptAt: null });
  });

  it('lets a Billing member save them; the Owner reads what they saved', async () => {
    const { account: owner, billing: ownerBilling } = await newCustomer();
    const member = await createAccount(test.app, test.database.db);
    await test.database.db
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, userId: member.userId, role: 'billing' });
    const asBilling = billingClient(test.app, {
      ...member,
      headers: { ...member.headers, 'x-organization': owner.organizationId },
    });
    const saved = await asBilling.saveDetails(US_BILLING_DETAILS);
    expect((await ownerBilling.details()) as BillingDetails).toEqual(saved);
  });
});
