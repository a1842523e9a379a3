import { useTranslation } from 'react-i18next';
import { getAppConfig } from '#web/lib/app-config.ts';
import { getPublicApiUrl, KEY_HEADER, KEY_PARAMETER, SAMPLE_INPUT } from '#web/lib/public-api/public-api.ts';

/** The hero's two calls, one per API, the key once in a header and once in the query string. */
export function useHeroExample(): string {
  const { t } = useTranslation();
  const origin = getAppConfig().publicUrl;
  const token = t('quickStart.keyPlaceholder');
  return [
    `# ${t('landing.quickStart.quotesComment')}`,
    `curl "${getPublicApiUrl('quotes', SAMPLE_INPUT.quotes, origin)}" \\`,
    `  -H "${KEY_HEADER}: ${token}"`,
    '',
    `# ${t('landing.quickStart.cepComment')}`,
    `curl "${getPublicApiUrl('cep', SAMPLE_INPUT.cep, origin)}?${KEY_PARAMETER}=${token}"`,
  ].join('\n');
}
