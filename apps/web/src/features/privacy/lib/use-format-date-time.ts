import { useTranslation } from 'react-i18next';

/** "26 de nov. de 2026 15:04" / "Nov 26, 2026, 3:04 PM": an instant in the interface's language. */
export function useFormatDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (value) => format.format(new Date(value));
}

/** "26 de dezembro de 2026" / "December 26, 2026": a day in the interface's language. */
export function useFormatLongDate(): (value: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (value) => format.format(new Date(value));
}
