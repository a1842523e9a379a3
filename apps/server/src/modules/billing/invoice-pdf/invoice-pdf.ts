import type { Invoice } from '@cotacep/shared/billing-schemas';
import { COMPANY } from '@cotacep/shared/company';
import type { Language } from '@cotacep/shared/languages';
import { PLANS } from '@cotacep/shared/plans';
import { formatTaxId, getTaxIdKind } from '@cotacep/shared/tax-id';
import { type PdfLine, type PdfRule, writeTextPdf } from '#server/lib/text-pdf.ts';

/** The invoice's words, as the invoice screen (apps/web's `billing.invoice`) says them. */
const TEXTS = {
  'pt-BR': {
    title: 'Fatura',
    billedTo: 'Cobrado de',
    taxId: 'Identificação fiscal',
    noBilledTo: 'Sem dados de cobrança.',
    issuedOn: 'Emitida em',
    paidOn: 'Paga em',
    method: 'Forma de pagamento',
    methods: { card: 'Cartão', boleto: 'Boleto', pix: 'Pix' },
    description: 'Descrição',
    amount: 'Valor',
    line: (plan: string, cycle: string) => `Plano ${plan} (${cycle})`,
    cycles: { monthly: 'Mensal', yearly: 'Anual' },
    period: 'Período',
    total: 'Total',
    status: 'Situação',
    statuses: {
      draft: 'Rascunho',
      open: 'Em aberto',
      paid: 'Paga',
      void: 'Anulada',
      uncollectible: 'Incobrável',
    },
    boleto: 'Linha digitável do boleto',
    boletoExpires: 'Vence em',
    testNote: 'Emitida em modo de teste: sem valor fiscal.',
  },
  en: {
    title: 'Invoice',
    billedTo: 'Billed to',
    taxId: 'Tax ID',
    noBilledTo: 'No billing details.',
    issuedOn: 'Issued on',
    paidOn: 'Paid on',
    method: 'Payment method',
    methods: { card: 'Card', boleto: 'Boleto', pix: 'Pix' },
    description: 'Description',
    amount: 'Amount',
    line: (plan: string, cycle: string) => `${plan} plan (${cycle})`,
    cycles: { monthly: 'Monthly', yearly: 'Yearly' },
    period: 'Period',
    total: 'Total',
    status: 'Status',
    statuses: { draft: 'Draft', open: 'Open', paid: 'Paid', void: 'Void', uncollectible: 'Uncollectible' },
    boleto: 'Boleto number',
    boletoExpires: 'Due on',
    testNote: 'Issued in test mode: not a tax document.',
  },
} as const;

const LEFT = 56;
const RIGHT_COLUMN = 330;
const AMOUNT_COLUMN = 440;

/**
 * The invoice as the screen shows it, on one A4 page: the issuer (name, CNPJ, address, e-mail from
 * packages/shared's `COMPANY`, decision 029), the number and status, who is billed, the dates, the plan's line and total.
 */
export function renderInvoicePdf(invoice: Invoice, language: Language): Buffer {
  const text = TEXTS[language];
  const money = (cents: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: invoice.currency }).format(cents / 100);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  const lines: PdfLine[] = [];
  const rules: PdfRule[] = [];
  const add = (value: string, x: number, y: number, style: Partial<PdfLine> = {}) => {
    lines.push({ text: value, x, y, ...style });
  };

  // The issuer, top left; the invoice's number and status, top right.
  add(COMPANY.legalName, LEFT, 64, { size: 14, isBold: true });
  add(`CNPJ ${COMPANY.cnpj}`, LEFT, 82);
  COMPANY.addressLines.forEach((line, index) => {
    add(line, LEFT, 96 + index * 14);
  });
  add(COMPANY.email, LEFT, 96 + COMPANY.addressLines.length * 14);
  add(text.title, RIGHT_COLUMN, 64, { size: 20, isBold: true });
  add(invoice.number, RIGHT_COLUMN, 84);
  add(`${text.status}: ${text.statuses[invoice.status]}`, RIGHT_COLUMN, 98);
  rules.push({ x1: LEFT, x2: 539, y: 160 });

  // Who is billed, left; the dates and the payment method, right.
  add(text.billedTo, LEFT, 184, { isBold: true });
  const billed = invoice.billedTo;
  const billedLines = billed
    ? [
        billed.name,
        // Outside Brazil the tax id is optional, and written as its country writes it.
        billed.taxId &&
          `${getTaxIdKind(billed.taxId)?.toUpperCase() ?? text.taxId}: ${formatTaxId(billed.taxId)}`,
        billed.addressLine,
        `${billed.city}/${billed.state}, ${billed.postalCode}`,
        new Intl.DisplayNames([language], { type: 'region' }).of(billed.country) ?? billed.country,
        billed.email,
      ].filter(Boolean)
    : [text.noBilledTo];
  billedLines.forEach((line, index) => {
    add(line, LEFT, 200 + index * 14);
  });
  const facts: [string, string][] = [
    [text.issuedOn, date(invoice.createdAt)],
    ...(invoice.paidAt ? [[text.paidOn, date(invoice.paidAt)] as [string, string]] : []),
    [text.method, text.methods[invoice.paymentMethod]],
  ];
  facts.forEach(([label, value], index) => {
    add(label, RIGHT_COLUMN, 184 + index * 30, { isBold: true });
    add(value, RIGHT_COLUMN, 198 + index * 30);
  });

  // The plan's line and the total.
  const table = 300;
  add(text.description, LEFT, table, { isBold: true, gray: 0.35 });
  add(text.amount, AMOUNT_COLUMN, table, { isBold: true, gray: 0.35 });
  rules.push({ x1: LEFT, x2: 539, y: table + 8 });
  const plan = PLANS[invoice.planId].name;
  add(text.line(plan, text.cycles[invoice.cycle]), LEFT, table + 26);
  add(money(invoice.amount), AMOUNT_COLUMN, table + 26);
  add(`${text.period}: ${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`, LEFT, table + 40, {
    size: 9,
    gray: 0.35,
  });
  rules.push({ x1: LEFT, x2: 539, y: table + 54 });
  add(text.total, LEFT, table + 72, { isBold: true });
  add(money(invoice.amount), AMOUNT_COLUMN, table + 72, { isBold: true });

  let y = table + 110;
  if (invoice.boleto) {
    add(text.boleto, LEFT, y, { isBold: true });
    add(invoice.boleto.line, LEFT, y + 14, { size: 9 });
    add(`${text.boletoExpires} ${date(invoice.boleto.expiresAt)}`, LEFT, y + 28, { size: 9, gray: 0.35 });
    y += 56;
  }
  if (!invoice.hostedUrl) add(text.testNote, LEFT, y, { size: 9, gray: 0.35 });
  return writeTextPdf(lines, rules);
}
