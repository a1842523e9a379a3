import type { AuditEventName } from '@cotacep/shared/audit-events';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '#server/db/schema/audit-events.ts';
import { ACCOUNT_PASSWORD, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { readCode } from '#server/test/smtp-sink.ts';
import { sweepPrivacy } from '../sweeper.ts';

export type PrivacyTestApp = IdentityTestApp & {
  /** One pass of the exports worker and the anonymiser, with the clock at `now`. */
  sweep(now?: Date): Promise<void>;
};

/**
 * The real app with an SMTP sink and the gateway's test settings, whose own privacy sweeper is stopped: each
 * test runs the worker and the anonymiser itself, at the time it chooses.
 */
export async function createPrivacyTestApp(env: Record<string, string> = {}): Promise<PrivacyTestApp> {
  const test = await createIdentityTestApp({ ...GATEWAY_TEST_ENV, ...env });
  await test.app.privacy.sweeper.stop();
  return {
    ...test,
    sweep: (now = new Date()) => sweepPrivacy({ ...test.app.privacy.deps, now: () => now }),
  };
}

/** A quotes call with a key, as a customer's program makes it. */
export const callWithKey = (test: IdentityTestApp, secret: string) =>
  test.app.inject({
    method: 'GET',
    url: '/quotes/json/last/USD-BRL',
    headers: { 'x-api-key': secret, 'accept-language': 'en' },
  });

/** A portal call as the signed-in account. */
export const callAs = (
  test: IdentityTestApp,
  account: Pick<TestAccount, 'headers'>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  test.app.inject({
    method,
    url,
    headers: { ...account.headers, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** Asks for the closure's e-mailed code and reads it from the mailbox. */
export async function closureCode(test: IdentityTestApp, account: TestAccount): Promise<string> {
  const before = test.smtp.countTo(account.email);
  const response = await callAs(test, account, 'POST', '/api/account/close/code');
  expect(response.statusCode, response.body).toBe(200);
  return readCode(await test.smtp.waitFor(account.email, () => test.smtp.countTo(account.email) > before));
}

/** Closes the account with its password and an e-mailed code; the answer must be 200. */
export async function closeAccount(test: IdentityTestApp, account: TestAccount) {
  const code = await closureCode(test, account);
  const response = await callAs(test, account, 'POST', '/api/account/close', {
    password: ACCOUNT_PASSWORD,
    code,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { anonymiseAfter: string; message: string };
}

/** The audit entries of one event about a user (or an organization). */
export function auditOf(
  test: IdentityTestApp,
  event: AuditEventName,
  where: { userId?: string; organizationId?: string },
) {
  return test.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.event, event),
        where.userId ? eq(auditEvents.userId, where.userId) : undefined,
        where.organizationId ? eq(auditEvents.organizationId, where.organizationId) : undefined,
      ),
    );
}
