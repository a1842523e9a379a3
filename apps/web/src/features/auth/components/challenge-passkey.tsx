import type { TokenSet } from '@cotacep/shared/auth-responses';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWebAuthnSupport } from '#web/lib/webauthn/webauthn.ts';
import { useSignInWithPasskey } from '../api/passkey-sign-in.ts';
import { PasskeyErrorAlert } from './passkey-error-alert.tsx';

type ChallengePasskeyProps = {
  session: string;
  onSignedIn: (tokens: TokenSet) => void;
  onFailed: (error: unknown) => void;
};

/**
 * The passkey as the second step. It waits for a press: Safari opens the passkey dialog only from one, and
 * a dialog nobody asked for would surprise.
 */
export function ChallengePasskey({ session, onSignedIn, onFailed }: ChallengePasskeyProps) {
  const { t } = useTranslation();
  const isSupported = useWebAuthnSupport();
  const mutation = useSignInWithPasskey();

  if (isSupported === false) {
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('auth.passkey.unsupported')}
      </Alert>
    );
  }
  return (
    <Stack>
      <PasskeyErrorAlert error={mutation.error} />
      <Button
        onClick={() => mutation.mutate(session, { onSuccess: onSignedIn, onError: onFailed })}
        loading={isSupported === null || mutation.isPending}
        fullWidth
      >
        {t('auth.challenge.usePasskey')}
      </Button>
    </Stack>
  );
}
