import { AccountSettingsPage } from '../features/account/components/account-settings-page.tsx';
import { BillingTab } from '../features/billing/components/billing-tab.tsx';
import { TokensTab } from '../features/keys/components/tokens-tab.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';
import { useKeyProjects } from './use-key-projects.ts';

function AccountTokensTab() {
  const { projects, usage, onKeysChanged } = useKeyProjects();
  return <TokensTab projects={projects} usage={usage} onChanged={onKeysChanged} />;
}

/** Account settings with the billing feature's Billing tab and the keys feature's Tokens tab. */
export function AccountSettingsScreen() {
  useCheckoutReturn();
  return <AccountSettingsPage billingTab={<BillingTab />} tokensTab={<AccountTokensTab />} />;
}
