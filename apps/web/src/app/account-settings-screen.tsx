import { RequirePermission } from '../components/permission/require-permission.tsx';
import { AccountSettingsPage } from '../features/account/components/account-settings-page.tsx';
import { BillingTab } from '../features/billing/components/billing-tab.tsx';
import { TokensTab } from '../features/keys/components/tokens-tab.tsx';
import { MembersTab } from '../features/organizations/components/members-tab.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';
import { useKeyProjects } from './use-key-projects.ts';

function AccountTokensTab() {
  const { projects, usage, onKeysChanged } = useKeyProjects();
  return <TokensTab projects={projects} usage={usage} onChanged={onKeysChanged} />;
}

/**
 * Account settings with the Billing, Tokens and Members tabs of the billing, keys and organizations features;
 * a role that cannot read a tab's data (issue 24) sees why in its place.
 */
export function AccountSettingsScreen() {
  useCheckoutReturn();
  return (
    <AccountSettingsPage
      billingTab={
        <RequirePermission permission="billing.read">
          <BillingTab />
        </RequirePermission>
      }
      tokensTab={
        <RequirePermission permission="keys.read">
          <AccountTokensTab />
        </RequirePermission>
      }
      membersTab={<MembersTab />}
    />
  );
}
