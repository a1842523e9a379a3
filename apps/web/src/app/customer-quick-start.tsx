import { useKeys } from '../features/keys/api/get-keys.ts';
import { rememberSecret, useKnownSecrets } from '../features/keys/lib/known-secrets.ts';
import { QuickStartPage } from '../features/quick-start/components/quick-start-page.tsx';

/** The Quick Start with the keys feature's keys and the secrets this tab has seen, for a signed-in customer. */
export function CustomerQuickStart() {
  const keys = useKeys();
  const secrets = useKnownSecrets();
  return (
    <QuickStartPage
      account={{
        keys: keys.data?.items,
        isLoading: keys.isPending,
        isError: keys.isError,
        secrets,
        onSecretPasted: rememberSecret,
      }}
    />
  );
}
