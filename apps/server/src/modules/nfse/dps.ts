import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { PLANS } from '@cotacep/shared/plans';
import { getTaxIdKind, normalizeTaxId } from '@cotacep/shared/tax-id';
import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type BillingDetailsRow, billingDetails } from '#server/db/schema/billing-details.ts';
import { type InvoiceRow, invoices } from '#server/db/schema/invoices.ts';
import type { NfseRow } from '#server/db/schema/nfse.ts';
import { getNationalTaxCode } from './env.ts';
import type { DpsInput, DpsTaker } from './issuer.ts';
import { toBrasiliaDate } from './national-layout.ts';

/** A Brazilian document's kind; one with wrong check digits keeps its length's kind, for the issuer to refuse. */
function brazilianKind(taxId: string): 'cpf' | 'cnpj' {
  return getTaxIdKind(taxId) ?? (taxId.length === 11 ? 'cpf' : 'cnpj');
}

/**
 * The taker from the organization's billing details (issue 27): CPF or CNPJ and the address with its IBGE
 * code in Brazil; abroad the tax id as a NIF. Without details, the invoice's own "billed to"; without either,
 * none (the layout allows an unidentified taker).
 */
function findTaker(details: BillingDetailsRow | undefined, invoice: InvoiceRow): DpsTaker | null {
  if (details) {
    const isBrazil = details.country === BRAZIL;
    const taxId = isBrazil ? normalizeTaxId(details.taxId) : details.taxId.trim();
    if (isBrazil && !taxId) return null;
    const hasCityCode = isBrazil && /^\d{7}$/.test(details.cityCode);
    return {
      kind: isBrazil ? brazilianKind(taxId) : 'foreign',
      taxId,
      name: details.legalName,
      email: details.emails[0] ?? null,
      address: hasCityCode
        ? {
            street: details.street,
            number: details.number,
            complement: details.complement,
            district: details.district,
            cityCode: details.cityCode,
            city: details.city,
            state: details.state,
            postalCode: details.postalCode.replace(/\D/g, ''),
          }
        : null,
    };
  }
  const billed = invoice.billedTo;
  const taxId = normalizeTaxId(billed?.taxId ?? '');
  if (!billed || !taxId) return null;
  const isBrazil = billed.country === BRAZIL;
  return {
    kind: isBrazil ? brazilianKind(taxId) : 'foreign',
    taxId,
    name: billed.name,
    email: billed.email || null,
    address: null,
  };
}

/** "Cotacep — plano Pro anual: …": what was sold, for which period, on which invoice (xDescServ). */
function describeService(appName: string, invoice: InvoiceRow): string {
  const day = (date: Date) => toBrasiliaDate(date).split('-').reverse().join('/');
  const cycle = invoice.cycle === 'yearly' ? 'anual' : 'mensal';
  return (
    `${appName} — plano ${PLANS[invoice.planId].name} ${cycle}: acesso às APIs de cotações de moedas e de ` +
    `CEP de ${day(invoice.periodStart)} a ${day(invoice.periodEnd)}. Fatura ${invoice.number}.`
  );
}

/**
 * The DPS of a nota's invoice as of now: the taker is read at every attempt, so a nota queued again after
 * the billing details changed carries the corrected ones. Null when the invoice is gone.
 */
export async function buildDps(
  db: Db,
  config: Config,
  nota: Pick<NfseRow, 'invoiceId' | 'organizationId' | 'reference'>,
  now: Date,
): Promise<DpsInput | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, nota.invoiceId));
  if (!invoice) return null;
  const [details] = await db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.organizationId, nota.organizationId));
  return {
    reference: nota.reference,
    issuedAt: now,
    competence: toBrasiliaDate(invoice.paidAt ?? now),
    provider: {
      cnpj: config.NFSE_PROVIDER_CNPJ,
      municipalRegistration: config.NFSE_PROVIDER_MUNICIPAL_REGISTRATION ?? null,
      municipality: config.NFSE_PROVIDER_MUNICIPALITY,
    },
    taker: findTaker(details, invoice),
    service: {
      lc116Item: config.NFSE_SERVICE_CODE,
      nationalTaxCode: getNationalTaxCode(config),
      description: describeService(config.APP_NAME, invoice),
    },
    amount: invoice.amount,
    issRate: config.NFSE_ISS_RATE,
  };
}
