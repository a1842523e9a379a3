import { isLoginChallenge, type LoginResponse } from '@cotacep/shared/auth-responses';
import { loginRequestSchema } from '@cotacep/shared/auth-schemas';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { setSession, useSession } from '../../../lib/session/session-store.ts';
import { useLogin } from '../api/login.ts';
import { getErrorCode } from '../lib/error-code.ts';
import { getRedirectTarget, isSafeRedirect } from '../lib/redirect-target.ts';
import { useOAuthReturn } from '../lib/use-oauth-return.ts';
import { AuthHeading } from './auth-heading.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const target = getRedirectTarget(location.search, location.state);
  const mutation = useLogin();
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });
  const { errors } = form.formState;
  const email = form.watch('email');

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

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, { onSuccess: (answer) => onLogin(answer) }),
  );

  return (
    <>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <Stack>
        <SocialButtons intent="login" redirect={target} />
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormErrorAlert error={mutation.error ?? oauth.error} />
            {oauth.providerError && (
              <Alert color="red" variant="light" role="alert">
                {oauth.providerError}
              </Alert>
            )}
            {getErrorCode(mutation.error) === 'UserNotConfirmed' && (
              <Anchor
                component={Link}
                to={`/auth/signup/confirm?${new URLSearchParams({ email })}`}
                size="sm"
              >
                {t('auth.login.confirmAccount')}
              </Anchor>
            )}
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={form.errorText(errors.email)}
              required
            />
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              {...form.register('password')}
              error={form.errorText(errors.password)}
              required
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/auth/forget-password" size="sm">
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
            <Button type="submit" loading={mutation.isPending || oauth.isPending} fullWidth>
              {t('auth.login.submit')}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to="/auth/signup">
            {t('actions.signup')}
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
