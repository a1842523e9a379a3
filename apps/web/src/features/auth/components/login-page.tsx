import { isLoginChallenge, type LoginResponse } from '@cotacep/shared/auth-responses';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { setSession, useSession } from '#web/lib/session/session-store.ts';
import { readAuthNotice, readChallengeEnded, readSessionEnded } from '../lib/auth-notice.ts';
import { isSafeRedirect, withRedirect } from '../lib/redirect-target.ts';
import { useOAuthReturn } from '../lib/use-oauth-return.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';
import { LoginForm } from './login-form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { notice, email } = readAuthNotice(state);
  const hasSessionEnded = readSessionEnded(state);
  const hasChallengeEnded = readChallengeEnded(state);
  const { isAuthenticated } = useSession();
  const target = useRedirectTarget();
  // "Senha redefinida" is news until the next attempt; it never stays beside a red error (issue 23).
  const [isNoticeCurrent, setNoticeCurrent] = useState(true);

  const onLogin = useCallback(
    (answer: LoginResponse, redirectTo: string | null = null) => {
      const destination = isSafeRedirect(redirectTo) ? redirectTo : target;
      if (isLoginChallenge(answer)) {
        navigate('/auth/login/challenge', { state: { challenge: answer.challenge, from: destination } });
        return;
      }
      setSession(answer);
      navigate(destination, { replace: true });
    },
    [navigate, target],
  );
  const oauth = useOAuthReturn(onLogin);

  if (isAuthenticated) return <Navigate to={target} replace />;

  return (
    <>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <Stack>
        {hasSessionEnded && (
          <Alert color="yellow" variant="light" role="status">
            {t('auth.login.sessionEnded')}
          </Alert>
        )}
        {hasChallengeEnded && isNoticeCurrent && (
          <Alert color="yellow" variant="light" role="alert">
            {t('auth.challenge.ended')}
          </Alert>
        )}
        {notice && isNoticeCurrent && !oauth.error && !oauth.providerError && (
          <Alert color="green" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <FormErrorAlert error={oauth.error} />
        {oauth.providerError && (
          <Alert color="red" variant="light" role="alert">
            {oauth.providerError}
          </Alert>
        )}
        <SocialButtons intent="login" redirect={target} />
        <LoginForm
          target={target}
          defaultEmail={email}
          onLogin={(answer) => onLogin(answer)}
          isBusy={oauth.isPending}
          onAttempt={() => setNoticeCurrent(false)}
        />
        <PasskeySignIn onSignedIn={(tokens) => onLogin(tokens)} onAttempt={() => setNoticeCurrent(false)} />
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={withRedirect('/auth/signup', target)}>
            {t('actions.signup')}
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
