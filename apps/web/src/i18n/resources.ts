import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@cotacep/shared/languages';
import { VALIDATION_MESSAGES } from '@cotacep/shared/validation-messages';
import ptBR from './locales/pt-BR.json';

type Translation = Record<string, unknown>;
export type LanguageResources = { translation: Translation };

/** The shared form messages live under `validation`, so `validation.<key>` from Zod or the server translates. */
function validationMessagesFor(language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, messages]) => [key, messages[language]]),
  );
}

const withValidation = (language: Language, translation: Translation): LanguageResources => ({
  translation: { ...translation, validation: validationMessagesFor(language) },
});

/**
 * The default language, which is every other one's fallback too, comes with the app; each other language
 * is its own chunk, fetched only when it is detected or chosen (decision 016).
 */
export const BUNDLED_RESOURCES = { [DEFAULT_LANGUAGE]: withValidation(DEFAULT_LANGUAGE, ptBR) };

const LOADERS: Record<Language, () => Promise<Translation>> = {
  'pt-BR': async () => ptBR,
  en: async () => (await import('./locales/en.json')).default,
};

/** One language's texts with the shared validation messages; nothing for a language we do not offer. */
export async function loadResources(language: string): Promise<LanguageResources | null> {
  if (!isLanguage(language)) return null;
  return withValidation(language, await LOADERS[language]());
}
