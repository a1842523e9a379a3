import { useKeys } from '../features/keys/api/get-keys.ts';
import { rememberSecret, useKnownSecrets } from '../features/keys/lib/known-secrets.ts';
import { QuickStartPage } from '../features/quick-start/components/quick-start-page.tsx';
import { useSession } from '../lib/session/session-store.ts';

function SignedInQuickStart() {
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

/** The Quick Start with the keys feature's keys and the secrets this tab has seen, for a signed-in customer. */
export function QuickStartScreen() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <SignedInQuickStart /> : <QuickStartPage account={null} />;
}
