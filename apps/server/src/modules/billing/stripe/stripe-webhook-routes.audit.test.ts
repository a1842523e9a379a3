import type { AuditEventName } from '@cotacep/shared/audit-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '#server/test/accounts.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { verifyAuditLog } from '../../audit/verify.ts';
import {
  createStripeTestApp,
  deliver,
  deliverOk,
  type StripeTestApp,
  stripeEvent,
  subscribe,
} from './test-support/stripe-test-app.ts';

/** Issue 26: what Stripe's webhooks report (plans, payments) is on the record as the system's doing, once. */
let test: StripeTestApp;
beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const BILLING_EVENTS: AuditEventName[] = [
  'billing.plan_changed',
  'billing.payment_succeeded',
  'billing.payment_failed',
];
const billingEntries = (organizationId: string) =>
  auditEntriesOf(test.database.db, { organizationId, events: BILLING_EVENTS });

describe('Stripe’s webhooks in the audit log', () => {
  it('records the plan bought, a failed renewal and its later payment as the system’s, each event once', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, account);
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open' });
    test.stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const failed = stripeEvent('invoice.payment_failed', invoice);
    await deliverOk(test.app, failed);
    // Stripe delivers again: applied once, recorded once.
    await deliverOk(test.app, failed);
    test.stripe.payInvoice(invoice.id);
    test.stripe.updateSubscription(subscription.id, { status: 'active' });
    await deliverOk(test.app, stripeEvent('invoice.paid', invoice));
    // The same invoice reported paid again by another event: not a second payment.
    await deliverOk(test.app, stripeEvent('invoice.paid', invoice));

    const entries = await billingEntries(account.organizationId);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['billing.plan_changed', { from: 'free', to: 'basic', interval: 'monthly' }],
      ['billing.payment_failed', { invoiceId: invoice.id, amount: 2990, currency: 'BRL' }],
      ['billing.payment_succeeded', { invoiceId: invoice.id, amount: 2990, currency: 'BRL' }],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorType: 'system', actorId: null, ip: null, userAgent: null });
    }
  });

  it('records nothing for an event refused (bad signature)', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, account);
    const before = await billingEntries(account.organizationId);
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open' });
    const refused = await deliver(test.app, stripeEvent('invoice.payment_failed', invoice), {
      secret: 'whsec_wrong',
    });
    expect(refused.statusCode).toBe(400);
    expect(await billingEntries(account.organizationId)).toEqual(before);
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
