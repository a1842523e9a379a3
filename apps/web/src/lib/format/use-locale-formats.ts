import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type LocaleFormats = {
  /** "12.345" / "12,345". */
  number: Intl.NumberFormat;
  /** "12,5%" / "12.5%": a ratio, one decimal at most. */
  percent: Intl.NumberFormat;
  /** "3 de mar. de 2025" / "Mar 3, 2025". */
  date: Intl.DateTimeFormat;
};

/** The usage figures' formats in the interface language. */
export function useLocaleFormats(): LocaleFormats {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      number: new Intl.NumberFormat(language),
      percent: new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }),
      date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
    }),
    [language],
  );
}
