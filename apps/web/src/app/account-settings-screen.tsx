import { AccountSettingsPage } from '../features/account/components/account-settings-page.tsx';
import { TokensTab } from '../features/keys/components/tokens-tab.tsx';
import { useKeyProjects } from './use-key-projects.ts';

function AccountTokensTab() {
  const { projects, onKeysChanged } = useKeyProjects();
  return <TokensTab projects={projects} onChanged={onKeysChanged} />;
}

/** Account settings with the keys feature's Tokens tab. */
export function AccountSettingsScreen() {
  return <AccountSettingsPage tokensTab={<AccountTokensTab />} />;
}
