import { COMPANY } from '@cotacep/shared/company';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { BILLING_DETAILS, billingClient } from './test-support/billing-client.ts';

let test: TestApp;
let customer: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  customer = await createAccount(test.app, test.database.db);
  other = await createAccount(test.app, test.database.db);
});
afterAll(() => test.close());

/** The PDF's text, read back from its content stream: each string shown (`(…) Tj`), unescaped, one a line. */
const pdfText = (body: Buffer) =>
  [...body.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)]
    .map((match) => match[1]!.replace(/\\(.)/g, '$1'))
    .join('\n');

describe('GET /api/billing/invoices/:id/pdf', () => {
  it("answers the invoice as a PDF with the issuer's name, CNPJ and address and the invoice's lines", async () => {
    const billing = billingClient(test.app, customer, 'pt-BR');
    await billing.subscribe({ planId: 'basic', cycle: 'monthly', currency: 'BRL' });
    const [invoice] = await billing.invoices();
    expect(invoice).toBeTruthy();

    const response = await billing.call('GET', `/invoices/${invoice!.id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.rawPayload;
    expect(body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const file = body.toString('latin1');
    expect(file.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table points at each object where it really starts.
    const xref = Number(/startxref\s+(\d+)/.exec(file)?.[1]);
    expect(file.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...file.slice(xref).matchAll(/(\d{10}) 00000 n /g)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => {
      const header = `${index + 1} 0 obj\n`;
      expect(file.slice(offset, offset + header.length)).toBe(header);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(file)?.[1]);
    const start = file.indexOf('stream\n') + 'stream\n'.length;
    expect(file.slice(start + length, start + length + 10)).toBe('\nendstream');

    const text = pdfText(body);
    for (const expected of [
      COMPANY.legalName,
      `CNPJ ${COMPANY.cnpj}`,
      ...COMPANY.addressLines,
      invoice!.number,
      'Fatura',
      'Plano Basic (Mensal)',
      'R$ 29,90',
      BILLING_DETAILS.legalName,
      `CPF: ${BILLING_DETAILS.taxId}`,
      // The district follows an en dash, which WinAnsi writes as one byte (0x96).
      'Praça da Sé, 100 \u0096 Sé',
      'São Paulo/SP, 01001-000',
      'financeiro@gilima.example',
      'Brasil',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('writes the English invoice in English', async () => {
    const billing = billingClient(test.app, customer, 'en');
    const [invoice] = await billing.invoices();
    const text = pdfText((await billing.call('GET', `/invoices/${invoice!.id}/pdf`)).rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain('Basic plan (Monthly)');
    expect(text).toContain('$');
    expect(text).toContain(`CNPJ ${COMPANY.cnpj}`);
  });

  it("answers 404 for another customer's invoice and for an unknown one", async () => {
    const [invoice] = await billingClient(test.app, customer).invoices();
    const stranger = billingClient(test.app, other, 'en');
    const response = await stranger.call('GET', `/invoices/${invoice!.id}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(
      (await stranger.call('GET', '/invoices/00000000-0000-4000-8000-000000000000/pdf')).statusCode,
    ).toBe(404);
  });

  it('needs a signed-in customer', async () => {
    const [invoice] = await billingClient(test.app, customer).invoices();
    const response = await test.app.inject({ url: `/api/billing/invoices/${invoice!.id}/pdf` });
    expect(response.statusCode).toBe(401);
  });
});
