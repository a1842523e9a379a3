import type { Language } from '@cotacep/shared/languages';
import { VALIDATION_MESSAGES } from '@cotacep/shared/validation-messages';
import en from './locales/en.json';
import ptBR from './locales/pt-BR.json';

type Translation = Record<string, unknown>;

/** The shared form messages live under `validation`, so `validation.<key>` from Zod or the server translates. */
function validationMessagesFor(language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, messages]) => [key, messages[language]]),
  );
}

const withValidation = (language: Language, translation: Translation) => ({
  translation: { ...translation, validation: validationMessagesFor(language) },
});

export const LOCALES: Record<Language, Translation> = { 'pt-BR': ptBR, en };

export const resources: Record<Language, { translation: Translation }> = {
  'pt-BR': withValidation('pt-BR', LOCALES['pt-BR']),
  en: withValidation('en', LOCALES.en),
};
