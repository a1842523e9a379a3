import type { TranslationKey } from '#web/i18n/translation-key.ts';

/** Human names of the sources the server registers (apps/server: quotes/sources, cep/providers). */
const SOURCE_LABEL_KEYS: Record<string, TranslationKey> = {
  'currency-api-cdn': 'status.sources.currencyApiCdn',
  'currency-api-npm': 'status.sources.currencyApiNpm',
  'bcb-ptax': 'status.sources.bcbPtax',
  ecb: 'status.sources.ecb',
  viacep: 'status.sources.viacep',
  brasilapi: 'status.sources.brasilapi',
  opencep: 'status.sources.opencep',
};

/** The translation key of a known source's name; an unknown one gets a generic name, never its identifier. */
export function getSourceLabelKey(name: string): TranslationKey | undefined {
  return SOURCE_LABEL_KEYS[name];
}
