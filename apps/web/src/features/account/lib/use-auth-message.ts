import { AUTH_MESSAGES, type AuthMessageKey } from '@cotacep/shared/auth-messages';
import { DEFAULT_LANGUAGE, isLanguage } from '@cotacep/shared/languages';
import { useTranslation } from 'react-i18next';

/** The identity prompts of spec §8 ("Please verify your email", …) in the interface language, worded as the server words them. */
export function useAuthMessage() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (key: AuthMessageKey) => AUTH_MESSAGES[key][language];
}
