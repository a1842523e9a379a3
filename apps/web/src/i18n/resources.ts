import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@cotacep/shared/languages';
import enShell from './locales/en.json?shell';
import ptBRShell from './locales/pt-BR.shell.json';

type Translation = { [key: string]: unknown };
export type LanguageResources = { translation: Translation };

const isSection = (value: unknown): value is Translation =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One catalogue from two parts that may share a section (`status.banner` in one, `status.title` in the other). */
export function mergeTexts(base: Translation, extra: Translation): Translation {
  const merged: Translation = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isSection(current) && isSection(value) ? mergeTexts(current, value) : value;
  }
  return merged;
}

/** The shared form messages live under `validation`, so `validation.<key>` from Zod or the server translates. */
async function withValidation(language: Language, translation: Translation): Promise<LanguageResources> {
  const { VALIDATION_MESSAGES } = await import('@cotacep/shared/validation-messages');
  const validation = Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, messages]) => [key, messages[language]]),
  );
  return { translation: { ...translation, validation } };
}

/**
 * Only the default language's shell and landing texts come with the app (decision 016): the rest of it
 * (`pt-BR.screens.json`, the validation messages) comes with the first lazy screen, and each other language
 * is one chunk, fetched only when it is detected or chosen. A copy for each i18next instance, whose store
 * the rest is merged into.
 */
export const bundledResources = () => ({ [DEFAULT_LANGUAGE]: { translation: structuredClone(ptBRShell) } });

const SHELL_TEXTS: Record<Language, Translation> = { 'pt-BR': ptBRShell, en: enShell };

/** One language's shell and landing texts alone, for a prerendered page's islands (decision 039). */
export const shellResources = (language: Language) => ({
  [language]: { translation: structuredClone(SHELL_TEXTS[language]) },
});

const LOADERS: Record<Language, () => Promise<Translation>> = {
  'pt-BR': async () => mergeTexts(ptBRShell, (await import('./locales/pt-BR.screens.json')).default),
  en: async () => (await import('./locales/en.json')).default,
};

/** One language's complete texts with the shared validation messages; nothing for a language we do not offer. */
export async function loadResources(language: string): Promise<LanguageResources | null> {
  if (!isLanguage(language)) return null;
  return withValidation(language, await LOADERS[language]());
}
