import type { LoginResponse } from '@cotacep/shared/auth-responses';
import { ERRORS, type ErrorCode } from '@cotacep/shared/errors';
import { isLanguage } from '@cotacep/shared/languages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useExchangeOAuthCode } from '../api/oauth-exchange.ts';

type OnLogin = (answer: LoginResponse, redirectTo: string | null) => void;

/**
 * Back from GitHub or Google: the callback put `#oauthCode=…` (or `#oauthError=<code>`) on the login page.
 * The code is single use, so it is redeemed once and removed from the address.
 */
export function useOAuthReturn(onLogin: OnLogin) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const exchange = useExchangeOAuthCode();
  const fragment = new URLSearchParams(location.hash.slice(1));
  const code = fragment.get('oauthCode');
  const errorCode = fragment.get('oauthError');
  const redeemed = useRef<string | null>(null);

  useEffect(() => {
    if (!code || redeemed.current === code) return;
    redeemed.current = code;
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    exchange.mutate({ code }, { onSuccess: ({ redirectTo, ...answer }) => onLogin(answer, redirectTo) });
  }, [code, exchange, navigate, location, onLogin]);

  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'pt-BR';
  const providerError = errorCode && errorCode in ERRORS ? ERRORS[errorCode as ErrorCode][language] : null;
  return { isPending: exchange.isPending, error: exchange.error, providerError };
}
