import { useTranslation } from 'react-i18next';

/** Where the person reads times: their profile's locale and time zone, as far as the interface allows. */
export type TimePreferences = { locale?: string; timeZone?: string };

const isZone = (timeZone: string | undefined) => {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/**
 * "26 de nov. de 2026, 14:05" in the profile's time zone. The profile's locale shapes the date only when it
 * speaks the interface's language (an en-GB profile reading English gets "26 Nov 2026"; reading Portuguese,
 * pt-BR's).
 */
export function useFormatTime({ locale, timeZone }: TimePreferences): {
  formatTime: (iso: string) => string;
  zoneName: string;
} {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const sameLanguage = locale && locale.split('-')[0] === language.split('-')[0];
  const zone = isZone(timeZone) ? timeZone : undefined;
  const format = new Intl.DateTimeFormat(sameLanguage ? locale : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  });
  return {
    formatTime: (iso) => format.format(new Date(iso)),
    zoneName: (zone ?? format.resolvedOptions().timeZone).replaceAll('_', ' '),
  };
}
