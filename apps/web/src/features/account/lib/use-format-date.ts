import { useTranslation } from 'react-i18next';

/** "12 de jan. de 2026" / "Jan 12, 2026": a day in the interface's language. */
export function useFormatDate(): (value: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (value) => format.format(new Date(value));
}
