import { LANGUAGES } from '@cotacep/shared/languages';
import { BILLING_CURRENCIES } from '@cotacep/shared/plans';

const LOCALES = ['pt-BR', 'pt-PT', 'en-US', 'en-GB', 'es-ES', 'es-AR', 'fr-FR', 'de-DE', 'it-IT'];

type Option = { value: string; label: string };

const supported = (key: 'timeZone'): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.(key) ?? [];
};

/** Option lists for the profile, labelled by the browser in the interface language. */
export function getAccountOptions(language: string) {
  const localeNames = new Intl.DisplayNames([language], { type: 'language' });
  const currencyNames = new Intl.DisplayNames([language], { type: 'currency' });
  const timezones = supported('timeZone');
  return {
    locales: LOCALES.map((code): Option => ({ value: code, label: localeNames.of(code) ?? code })),
    // The customer's currency is the one prices are sold in (decision 027): reais or dollars.
    currencies: BILLING_CURRENCIES.map(
      (code): Option => ({ value: code, label: `${code} · ${currencyNames.of(code) ?? code}` }),
    ),
    timezones: (timezones.length > 0 ? timezones : ['America/Sao_Paulo', 'UTC']).map(
      (zone): Option => ({ value: zone, label: zone.replaceAll('_', ' ') }),
    ),
    languages: LANGUAGES.filter((entry) => entry.enable).map(
      (entry): Option => ({ value: entry.code, label: entry.name }),
    ),
  };
}
