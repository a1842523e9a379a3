import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { logout } from '#web/lib/session/session-store.ts';
import { useUndoEmailChange } from '../api/email-change-undo.ts';
import { AuthHeading } from './auth-heading.tsx';

/**
 * `/auth/email-change/undo#token=…`, the link in the notice sent to a replaced address. Opening it changes
 * nothing (mail scanners follow links); the button does: the old address comes back, every device is
 * signed out, and the owner sets a new password with a code sent to that address.
 */
export function EmailChangeUndoPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const mutation = useUndoEmailChange();
  // Read once, then taken off the address bar (and so out of the history).
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token'));
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  const undo = () =>
    token &&
    mutation.mutate(
      { token },
      // This browser's session, if any, ended with all the others.
      { onSuccess: () => logout() },
    );

  if (mutation.data) {
    const { message, email } = mutation.data;
    return (
      <>
        <AuthHeading title={t('auth.emailUndo.doneTitle')} />
        <Stack>
          <Alert color="green" variant="light" role="status">
            {message}
          </Alert>
          <Button component={Link} to={`/auth/forget-password?${new URLSearchParams({ email })}`} fullWidth>
            {t('auth.emailUndo.setPassword')}
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.emailUndo.title')} subtitle={t('auth.emailUndo.subtitle')} />
      <Stack>
        {token ? (
          <>
            <Text size="sm">{t('auth.emailUndo.effect')}</Text>
            <FormErrorAlert error={mutation.error} />
            <Button onClick={undo} loading={mutation.isPending} color="red" fullWidth>
              {t('auth.emailUndo.submit')}
            </Button>
          </>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {t('auth.emailUndo.missing')}
          </Alert>
        )}
        <Anchor component={Link} to="/auth/login" size="sm">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    </>
  );
}
