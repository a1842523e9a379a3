import { LANGUAGES } from '@cotacep/shared/languages';

const LOCALES = ['pt-BR', 'pt-PT', 'en-US', 'en-GB', 'es-ES', 'es-AR', 'fr-FR', 'de-DE', 'it-IT'];
const CURRENCIES = [
  'BRL',
  'USD',
  'EUR',
  'GBP',
  'ARS',
  'CLP',
  'COP',
  'MXN',
  'PYG',
  'UYU',
  'JPY',
  'CNY',
  'CAD',
  'CHF',
];

type Option = { value: string; label: string };

const supported = (key: 'timeZone' | 'currency'): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.(key) ?? [];
};

/** Option lists for the profile, labelled by the browser in the interface language. */
export function getAccountOptions(language: string) {
  const localeNames = new Intl.DisplayNames([language], { type: 'language' });
  const currencyNames = new Intl.DisplayNames([language], { type: 'currency' });
  const currencies = [...new Set([...CURRENCIES, ...supported('currency')])];
  const timezones = supported('timeZone');
  return {
    locales: LOCALES.map((code): Option => ({ value: code, label: localeNames.of(code) ?? code })),
    currencies: currencies.map(
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
