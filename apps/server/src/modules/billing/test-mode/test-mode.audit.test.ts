import type { AuditEventName } from '@cotacep/shared/audit-events';
import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { verifyAuditLog } from '../../audit/verify.ts';
import { billingClient, cardPayment } from '../test-support/billing-client.ts';

/**
 * Issue 26: plan changes and payments are on the record, written with the billing change itself. What the
 * customer does in test mode's pages is theirs; what the provider does on its own (a renewal, the grace
 * period running out) is the system's.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const BILLING_EVENTS: AuditEventName[] = [
  'billing.plan_changed',
  'billing.payment_succeeded',
  'billing.payment_failed',
];
const billingEntries = (organizationId: string) =>
  auditEntriesOf(test.database.db, { organizationId, events: BILLING_EVENTS });

describe('billing in the audit log (test mode)', () => {
  it('records a paid checkout and an upgrade as the customer’s, with the invoice and the plans', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account);
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' });
    const upgraded = await billing.manage({ action: 'change', planId: 'pro', cycle: 'monthly' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);

    const entries = await billingEntries(account.organizationId);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['billing.payment_succeeded', { invoiceId: expect.any(String), amount: 2990, currency: 'BRL' }],
      ['billing.plan_changed', { from: 'free', to: 'basic', interval: 'monthly' }],
      [
        'billing.payment_succeeded',
        { invoiceId: expect.any(String), amount: expect.any(Number), currency: 'BRL' },
      ],
      ['billing.plan_changed', { from: 'basic', to: 'pro', interval: 'monthly' }],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorType: 'user', actorId: account.userId, ip: '127.0.0.1' });
    }
    const invoices = await billing.invoices();
    expect(entries[0]).toMatchObject({ targetType: 'invoice', targetId: entries[0]?.details.invoiceId });
    expect(invoices.map((invoice) => invoice.id)).toEqual(
      expect.arrayContaining([entries[0]?.details.invoiceId, entries[2]?.details.invoiceId]),
    );
  });

  it('records nothing for a declined card or a refused change', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account);
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const declined = await billing.pay(id, cardPayment(TEST_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    const nothingToManage = await billing.manage({ action: 'change', planId: 'pro', cycle: 'monthly' });
    expect(nothingToManage.json()).toMatchObject({ code: 'SubscriptionNotFound' });
    expect(await billingEntries(account.organizationId)).toEqual([]);
    expect((await billing.pay(id, cardPayment())).statusCode).toBe(200);
    const before = await billingEntries(account.organizationId);
    const same = await billing.manage({ action: 'change', planId: 'basic', cycle: 'monthly' });
    expect(same.json()).toMatchObject({ code: 'AlreadyOnPlan' });
    expect(await billingEntries(account.organizationId)).toEqual(before);
  });

  it('records a failed renewal and the fall to Free after the grace period as the system’s', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account);
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);
    await billing.advanceClock(32);
    const failed = (await billingEntries(account.organizationId)).at(-1);
    expect(failed).toMatchObject({
      event: 'billing.payment_failed',
      actorType: 'system',
      actorId: null,
      ip: null,
      targetType: 'invoice',
      details: { amount: 2990, currency: 'BRL' },
    });
    // Still Basic during the grace period: no plan change yet.
    expect((await billing.summary()).planId).toBe('basic');
    await billing.advanceClock(8);
    expect((await billing.summary()).planId).toBe('free');
    const fell = (await billingEntries(account.organizationId)).at(-1);
    expect(fell).toMatchObject({
      event: 'billing.plan_changed',
      actorType: 'system',
      details: { from: 'basic', to: 'free', interval: null },
    });
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
