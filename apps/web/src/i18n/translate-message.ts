import type { TFunction } from 'i18next';
import { FALLBACK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../lib/api/normalize-error.ts';
import type { TranslationKey } from './translation-key.ts';

const FALLBACK_KEYS: Record<string, TranslationKey> = {
  [FALLBACK_ERROR_MESSAGE]: 'errors.somethingWentWrong',
  [NETWORK_ERROR_MESSAGE]: 'errors.networkError',
};

const KEY_PATTERN = /^[a-z][\w-]*(\.[\w-]+)+$/i;

/**
 * A message reaches the screen already translated by the server, as a catalogue key (`validation.<key>`
 * from a shared Zod schema) or as one of the client's English fallbacks; the last two are translated here.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return t('errors.somethingWentWrong');
  const fallbackKey = FALLBACK_KEYS[message];
  if (fallbackKey) return t(fallbackKey);
  // The one key known only at run time (from a Zod schema or the server); the default covers a missing one.
  if (KEY_PATTERN.test(message)) return t(message as TranslationKey, { defaultValue: message });
  return message;
}
