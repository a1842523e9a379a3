import type { TokenSet } from '@cotacep/shared/auth-responses';
import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWebAuthnSupport } from '#web/lib/webauthn/webauthn.ts';
import { useSignInWithPasskey } from '../api/passkey-sign-in.ts';
import { PasskeyErrorAlert } from './passkey-error-alert.tsx';

type PasskeySignInProps = {
  onSignedIn: (tokens: TokenSet) => void;
  /** Each press: the page drops an earlier step's notice, as a password attempt does. */
  onAttempt?: () => void;
};

/**
 * "Entrar com passkey": a discoverable credential signs in with no e-mail and no password, and a passkey
 * is strong enough to need no second step. Below the form, so that it appearing once the WebAuthn code is
 * in moves nothing the person may be typing in; absent where the browser has no WebAuthn.
 */
export function PasskeySignIn({ onSignedIn, onAttempt }: PasskeySignInProps) {
  const { t } = useTranslation();
  const isSupported = useWebAuthnSupport();
  const mutation = useSignInWithPasskey();
  if (!isSupported) return null;

  const onClick = () => {
    onAttempt?.();
    mutation.mutate(undefined, { onSuccess: onSignedIn });
  };
  return (
    <Stack gap="sm">
      <Divider label={t('auth.social.or')} labelPosition="center" />
      <PasskeyErrorAlert error={mutation.error} />
      <Button variant="default" onClick={onClick} loading={mutation.isPending} fullWidth>
        {t('auth.passkey.signIn')}
      </Button>
    </Stack>
  );
}
