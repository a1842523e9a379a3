import { OAUTH_PROVIDERS, type OAuthProvider } from '@cotacep/shared/auth-schemas';
import { ERRORS, type ErrorCode } from '@cotacep/shared/errors';
import { DEFAULT_LANGUAGE, isLanguage } from '@cotacep/shared/languages';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readLinkResult } from '../lib/use-link-return.ts';

const isProvider = (value: string | null): value is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly (string | null)[]).includes(value);

/** What linking a social account ended with, after the provider sent the browser back. */
export function LinkResultAlert() {
  const { t, i18n } = useTranslation();
  const result = readLinkResult(useLocation().state);
  if (!result) return null;
  if (isProvider(result.linked)) {
    return (
      <Alert color="green" variant="light" role="status">
        {t('account.social.linkedNotice', { provider: t(`auth.social.${result.linked}`) })}
      </Alert>
    );
  }
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const code = result.error && result.error in ERRORS ? (result.error as ErrorCode) : 'OAuthFailed';
  return (
    <Alert color="red" variant="light" role="alert">
      {ERRORS[code][language]}
    </Alert>
  );
}
