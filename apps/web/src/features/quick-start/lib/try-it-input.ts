import { normalizeCep } from '@cotacep/shared/cep';
import type { TranslationKey } from '#web/i18n/translation-key.ts';
import type { PublicApi } from '#web/lib/public-api/public-api.ts';

/** The quotes API's own limit on pairs per call (apps/server/src/modules/quotes/limits.ts). */
const MAX_PAIRS = 30;
/** A currency code as pairs spell it: a letter, then letters or digits ("USD", "BRLPTAX"). */
const PAIR = /^[A-Z][A-Z0-9]{1,9}-[A-Z][A-Z0-9]{1,9}$/;

export type TryItInput = { ok: true; value: string } | { ok: false; messageKey: TranslationKey };

/** `01001-000` → `01001000`; `usd-brl, eur-brl` → `USD-BRL,EUR-BRL`; anything else is refused here. */
export function readTryItInput(api: PublicApi, raw: string): TryItInput {
  const text = raw.trim();
  if (api === 'cep') {
    const cep = normalizeCep(text);
    return cep ? { ok: true, value: cep } : { ok: false, messageKey: 'quickStart.tryIt.invalidCep' };
  }
  const pairs = text
    .toUpperCase()
    .split(',')
    .map((pair) => pair.trim());
  if (pairs.length > MAX_PAIRS || !pairs.every((pair) => PAIR.test(pair))) {
    return { ok: false, messageKey: 'quickStart.tryIt.invalidPairs' };
  }
  return { ok: true, value: pairs.join(',') };
}
