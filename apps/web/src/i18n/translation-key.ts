import type { ParseKeys } from 'i18next';

/**
 * A key of the catalogue (decision 034). Data that names a text (a link's label, a route's title, a
 * message chosen by a function) holds one of these, never a plain string, so a misspelt key is a type error.
 */
export type TranslationKey = ParseKeys;
