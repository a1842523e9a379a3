import type { DataExport } from '@cotacep/shared/privacy-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { billingDetails } from '#server/db/schema/billing-details.ts';
import { contactRequests } from '#server/db/schema/contact-requests.ts';
import { emailChangeUndos } from '#server/db/schema/email-change-undos.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { oauthAccounts } from '#server/db/schema/oauth.ts';
import { passkeys, totpFactors } from '#server/db/schema/second-factors.ts';
import { userCredentials } from '#server/db/schema/user-credentials.ts';
import { users } from '#server/db/schema/users.ts';
import { createAccount, createKey } from '#server/test/accounts.ts';
import { addPasskey, ORIGIN } from '#server/test/passkey-flows.ts';
import { createSoftwareAuthenticator } from '#server/test/software-authenticator.ts';
import { enrolTotp } from '#server/test/totp.ts';
import { PERSONAL_DATA_FORMAT, type PersonalData } from './personal-data.ts';
import { auditOf, callAs, createPrivacyTestApp, type PrivacyTestApp } from './test-support/privacy-app.ts';

let test: PrivacyTestApp;
beforeAll(async () => {
  test = await createPrivacyTestApp();
});
afterAll(() => test.close());

const HOUR_MS = 3_600_000;

describe('download my data: happy', () => {
  it('prepares off the request path every personal datum, mails the link, and lets its owner download it', async () => {
    const account = await createAccount(test.app, test.database.db);
    const token = account.headers.authorization!.replace('Bearer ', '');
    const { db } = test.database;
    // Everything a person can leave with us: through the routes where that is cheap, written directly otherwise.
    await db
      .update(users)
      .set({ phone: '+5511988887777', taxId: '52998224725', pendingEmail: 'novo@example.com' })
      .where(eq(users.id, account.userId));
    const { secret: totpSecret, recoveryCodes } = await enrolTotp(test.app, token);
    await addPasskey(test, token, createSoftwareAuthenticator({ origin: ORIGIN }), 'Notebook da Gi');
    await db.insert(oauthAccounts).values({
      provider: 'github',
      providerUserId: '4242',
      userId: account.userId,
      email: 'gi@github.example',
    });
    const key = await createKey(test.app, account, { description: 'Loja online' });
    await db.insert(contactRequests).values({
      topic: 'general',
      name: 'Gi Lima',
      email: account.email,
      message: 'Quero saber do plano Business.',
      language: 'pt-BR',
      userId: account.userId,
    });
    await db.insert(emailChangeUndos).values({
      userId: account.userId,
      previousEmail: 'antigo@example.com',
      newEmail: account.email,
      tokenHash: 'f'.repeat(64),
      expiresAt: new Date(Date.now() + HOUR_MS),
    });
    await db.insert(billingAccounts).values({
      organizationId: account.organizationId,
      provider: 'test',
      customerId: `cus_${account.userId.slice(0, 8)}`,
    });
    await db.insert(billingDetails).values({
      organizationId: account.organizationId,
      country: 'BR',
      legalName: 'Gi Lima ME',
      taxId: '11222333000181',
      postalCode: '01001000',
      street: 'Rua das Flores',
      number: '10',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      cityCode: '3550308',
      emails: ['financeiro@gilima.example'],
    });
    await db.insert(invoices).values({
      id: `in_${account.userId.slice(0, 8)}`,
      provider: 'test',
      organizationId: account.organizationId,
      number: 'CT-2026-0042',
      status: 'paid',
      amount: 4_900,
      currency: 'BRL',
      planId: 'basic',
      cycle: 'monthly',
      periodStart: new Date('2026-10-01T00:00:00Z'),
      periodEnd: new Date('2026-11-01T00:00:00Z'),
      stateAt: new Date('2026-10-01T00:00:00Z'),
      createdAt: new Date('2026-10-01T00:00:00Z'),
    });

    const requested = await callAs(test, account, 'POST', '/api/account/export');
    expect(requested.statusCode, requested.body).toBe(202);
    const pending = requested.json() as DataExport;
    expect(pending).toMatchObject({ status: 'pending', completedAt: null, expiresAt: null });
    expect((await auditOf(test, 'account.export_requested', { userId: account.userId }))[0]).toMatchObject({
      targetId: pending.id,
      actorId: account.userId,
    });
    // Not before the worker ran: nothing to download yet.
    expect(
      (await callAs(test, account, 'GET', `/api/account/export/${pending.id}/download`)).statusCode,
    ).toBe(404);

    const before = Date.now();
    await test.sweep();
    const latest = (await callAs(test, account, 'GET', '/api/account/export')).json() as {
      export: DataExport;
    };
    expect(latest.export).toMatchObject({ id: pending.id, status: 'ready' });
    const expiresAt = new Date(latest.export.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * HOUR_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);

    // The e-mail, in the user's language (pt-BR by default), links to the SPA page for this export.
    const mail = await test.smtp.waitFor(account.email, (m) => /prontos para baixar/.test(m.subject));
    expect(mail.text).toContain(`http://localhost:3000/account/data-export/${pending.id}`);
    expect(mail.text).toContain('24 horas');

    const download = await callAs(test, account, 'GET', `/api/account/export/${pending.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="cotacep-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    const data = download.json() as PersonalData;
    expect(data.format).toBe(PERSONAL_DATA_FORMAT);
    expect(data.profile).toMatchObject({
      id: account.userId,
      email: account.email,
      pendingEmail: 'novo@example.com',
      firstName: 'Gi',
      lastName: 'Lima',
      phone: '+5511988887777',
      taxId: '52998224725',
    });
    expect(data.profile.passwordSetAt).toEqual(expect.any(String));
    expect(data.preferences).toMatchObject({ language: 'pt-BR', timezone: 'America/Sao_Paulo' });
    expect(data.emailChanges).toEqual([
      expect.objectContaining({ previousEmail: 'antigo@example.com', newEmail: account.email }),
    ]);
    expect(data.memberships).toEqual([
      expect.objectContaining({ organizationId: account.organizationId, role: 'owner' }),
    ]);
    expect(data.ownedOrganizations).toEqual([
      expect.objectContaining({
        id: account.organizationId,
        billingDetails: expect.objectContaining({
          legalName: 'Gi Lima ME',
          taxId: '11222333000181',
          city: 'São Paulo',
          emails: ['financeiro@gilima.example'],
        }),
        invoices: [expect.objectContaining({ number: 'CT-2026-0042', amount: 4_900, currency: 'BRL' })],
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toMatchObject({ method: 'password', ip: '127.0.0.1' });
    expect(data.secondFactors.map((factor) => factor.kind)).toEqual(['authenticator_app', 'recovery_codes']);
    expect(data.secondFactors[1]).toMatchObject({ total: 10, unused: 10 });
    expect(data.passkeys).toEqual([expect.objectContaining({ name: 'Notebook da Gi' })]);
    expect(data.socialAccounts).toEqual([
      expect.objectContaining({ provider: 'github', email: 'gi@github.example' }),
    ]);
    expect(data.apiKeysCreated).toEqual([
      expect.objectContaining({ id: key.key.id, name: 'Loja online', prefix: key.key.prefix }),
    ]);
    expect(data.contactRequests).toEqual([
      expect.objectContaining({ message: 'Quero saber do plano Business.' }),
    ]);
    expect(data.activity.map((entry) => entry.event)).toContain('account.export_requested');
    expect(data.dataExports).toEqual([expect.objectContaining({ id: pending.id, status: 'pending' })]);
    expect(data.accountClosures).toEqual([]);

    // No secret of any kind: password hash, factor keys, passkey keys, recovery codes, the key's secret and hash.
    const text = download.body;
    const [credentials] = await db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, account.userId));
    const [totp] = await db.select().from(totpFactors).where(eq(totpFactors.userId, account.userId));
    const [passkey] = await db.select().from(passkeys).where(eq(passkeys.userId, account.userId));
    const secrets = [
      credentials!.passwordHash,
      totpSecret,
      totp!.secretEncrypted,
      passkey!.publicKey,
      passkey!.credentialId,
      key.secret,
      ...(recoveryCodes ?? []),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(passwordHash|secretHash|secretEncrypted|tokenHash|codeHash|publicKey)"/);
  });
});
