import { useTranslation } from 'react-i18next';

const SAMPLE_CEP = '01001000';
const SAMPLE_PAIR = 'USD-BRL';

/** The public API calls of the Quick Start (spec §2): the token in the query string or in a header. */
export function useApiExamples() {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const token = t('landing.quickStart.tokenPlaceholder');
  const quotesUrl = `${origin}/quotes/json/last/${SAMPLE_PAIR}`;
  const cepUrl = `${origin}/cep/json/${SAMPLE_CEP}`;
  return {
    quotesQuery: `curl "${quotesUrl}?token=${token}"`,
    quotesHeader: `curl "${quotesUrl}" \\\n  -H "x-api-key: ${token}"`,
    cepQuery: `curl "${cepUrl}?token=${token}"`,
    cepHeader: `curl "${cepUrl}" \\\n  -H "x-api-key: ${token}"`,
    overview: [
      `# ${t('landing.quickStart.quotesComment')}`,
      `curl "${quotesUrl}" \\`,
      `  -H "x-api-key: ${token}"`,
      '',
      `# ${t('landing.quickStart.cepComment')}`,
      `curl "${cepUrl}?token=${token}"`,
    ].join('\n'),
    javascript: `const response = await fetch("${quotesUrl}", {\n  headers: { "x-api-key": "${token}" },\n});\nconst quotes = await response.json();\nconsole.log(quotes.USDBRL.bid);`,
  };
}
