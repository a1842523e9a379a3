import { DEFAULT_LANGUAGE, LANGUAGES } from '@cotacep/shared/languages';
import type { BillingCurrency } from '@cotacep/shared/plans';

/**
 * Cents as money in the interface language: 2990 BRL → "R$ 29,90" in pt-BR. `dropsZeroCents` writes a
 * whole amount without its cents ("R$ 299"), as price tags do; invoices keep them.
 */
export function formatMoney(
  cents: number,
  currency: BillingCurrency,
  language: string,
  { dropsZeroCents = false } = {},
): string {
  const digits = dropsZeroCents && cents % 100 === 0 ? 0 : 2;
  return moneyFormat(language, currency, digits).format(cents / 100);
}

// A formatter is slow to make and the pricing page shows a dozen prices as it hydrates: one of each kind.
const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(language: string, currency: BillingCurrency, digits: number): Intl.NumberFormat {
  const key = `${language} ${currency} ${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The currency of a language entry (spec §3): pt-BR → BRL, en → USD. Only a visitor's pricing starts on it;
 * a customer's prices are in the customer's own currency (decision 027).
 */
export function getLanguageCurrency(language: string): BillingCurrency {
  const entry =
    LANGUAGES.find((candidate) => candidate.code === language) ??
    LANGUAGES.find((candidate) => candidate.code === DEFAULT_LANGUAGE);
  return entry?.currency_code === 'USD' ? 'USD' : 'BRL';
}
