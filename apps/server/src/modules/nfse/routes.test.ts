import type { Invoice } from '@cotacep/shared/billing-schemas';
import type { Role } from '@cotacep/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import {
  createPaidInvoice,
  getNota,
  saveBillingDetails,
  takeOverWorker,
} from './test-support/paid-invoice.ts';
import { parseXml, textAt } from './test-support/xml-tree.ts';

/** The nota's downloads (issue 27 item 4): members of the invoice's organization only, and only once issued. */
let test: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let worker: Awaited<ReturnType<typeof takeOverWorker>>;
let issuedId: string;
let number: string;
const db = () => test.database.db;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  worker = await takeOverWorker(test.app);
  owner = await createAccount(test.app, db());
  stranger = await createAccount(test.app, db());
  await saveBillingDetails(db(), owner.organizationId);
  issuedId = (await createPaidInvoice(db(), owner.organizationId)).id;
  await worker.run();
  number = (await getNota(db(), issuedId))?.number as string;
});
afterAll(() => test.close());

const download = (who: TestAccount, invoiceId: string, format: 'pdf' | 'xml', organizationId?: string) =>
  test.app.inject({
    url: `/api/billing/invoices/${invoiceId}/nfse.${format}`,
    headers: {
      ...who.headers,
      'accept-language': 'en',
      ...(organizationId ? { 'x-organization': organizationId } : {}),
    },
  });

async function memberOf(organizationId: string, role: Role): Promise<TestAccount> {
  const member = await createAccount(test.app, db());
  await db().insert(organizationMembers).values({ organizationId, userId: member.userId, role });
  return member;
}

describe('GET /api/billing/invoices/{id}/nfse.pdf and nfse.xml', () => {
  it('gives the organization’s members the DANFSe and the XML, as files named after the nota', async () => {
    expect(number).toBe('1');
    const pdf = await download(owner, issuedId, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="NFS-e-1.pdf"');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const billingMember = await memberOf(owner.organizationId, 'billing');
    const xml = await download(billingMember, issuedId, 'xml', owner.organizationId);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['content-disposition']).toBe('attachment; filename="NFS-e-1.xml"');
    expect(textAt(parseXml(xml.body), 'infNFSe/nNFSe')).toBe('1');
  });

  it('lists the nota on the invoice with its download links; an invoice in dollars has none', async () => {
    const usd = await createPaidInvoice(db(), owner.organizationId, { currency: 'USD' });
    await worker.run();
    expect(await getNota(db(), usd.id)).toBeUndefined();
    const response = await test.app.inject({ url: '/api/billing/invoices', headers: owner.headers });
    const items = (response.json() as { items: Invoice[] }).items;
    expect(items.find((item) => item.id === usd.id)?.nfse).toBeNull();
    expect(items.find((item) => item.id === issuedId)?.nfse).toEqual({
      status: 'issued',
      number: '1',
      verificationCode: expect.stringMatching(/^[A-Z0-9]{9}$/),
      issuedAt: expect.any(String),
      pdfUrl: `/api/billing/invoices/${issuedId}/nfse.pdf`,
      xmlUrl: `/api/billing/invoices/${issuedId}/nfse.xml`,
    });
    expect((await download(owner, usd.id, 'pdf')).statusCode).toBe(404);
  });

  it('answers 404 while the nota is not issued yet', async () => {
    const pending = await createPaidInvoice(db(), owner.organizationId);
    const response = await download(owner, pending.id, 'pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NfseNotFound',
      message: 'This invoice has no service invoice (NFS-e) to download yet.',
    });
    const listed = await test.app.inject({
      url: `/api/billing/invoices/${pending.id}`,
      headers: owner.headers,
    });
    expect((listed.json() as Invoice).nfse).toEqual({
      status: 'pending',
      number: null,
      verificationCode: null,
      issuedAt: null,
      pdfUrl: null,
      xmlUrl: null,
    });
  });

  it('answers 404 for another organization’s invoice, and to a non-member naming that organization', async () => {
    for (const format of ['pdf', 'xml'] as const) {
      const own = await download(stranger, issuedId, format);
      expect(own.statusCode).toBe(404);
      expect(own.json()).toMatchObject({ code: 'NfseNotFound' });
      expect(own.body).not.toContain('%PDF');
      const named = await download(stranger, issuedId, format, owner.organizationId);
      expect(named.statusCode).toBe(404);
    }
  });

  it('refuses members whose role cannot see billing, and anonymous callers', async () => {
    const developer = await memberOf(owner.organizationId, 'developer');
    const denied = await download(developer, issuedId, 'pdf', owner.organizationId);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PermissionDenied' });
    const anonymous = await test.app.inject({ url: `/api/billing/invoices/${issuedId}/nfse.xml` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('documents both downloads in the portal’s OpenAPI document, with their media types', async () => {
    const document = (await test.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    expect(
      Object.keys(
        document.paths['/api/billing/invoices/{id}/nfse.pdf']?.get?.responses['200']?.content ?? {},
      ),
    ).toEqual(['application/pdf']);
    expect(
      Object.keys(
        document.paths['/api/billing/invoices/{id}/nfse.xml']?.get?.responses['200']?.content ?? {},
      ),
    ).toEqual(['application/xml']);
  });
});
