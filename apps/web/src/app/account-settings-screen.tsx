import { RequirePermission } from '../components/permission/require-permission.tsx';
import { AccountSettingsPage } from '../features/account/components/account-settings-page.tsx';
import { OrganizationActivityTab } from '../features/activity/components/organization-activity-tab.tsx';
import { RecentActivitySection } from '../features/activity/components/recent-activity-section.tsx';
import { BillingTab } from '../features/billing/components/billing-tab.tsx';
import { TokensTab } from '../features/keys/components/tokens-tab.tsx';
import { MembersTab } from '../features/organizations/components/members-tab.tsx';
import { PrivacyTab } from '../features/privacy/components/privacy-tab.tsx';
import { useOrganization } from '../lib/organization/use-organization.ts';
import { useActivityActors, useActivityTime } from './use-activity-actors.ts';
import { useCheckoutReturn } from './use-checkout-return.ts';
import { useKeyProjects } from './use-key-projects.ts';

function AccountTokensTab() {
  const { projects, usage, onKeysChanged } = useKeyProjects();
  return <TokensTab projects={projects} usage={usage} onChanged={onKeysChanged} />;
}

function ActivityWithMembers({ organizationId }: { organizationId: string }) {
  return <OrganizationActivityTab actors={useActivityActors(organizationId)} time={useActivityTime()} />;
}

/** The organization's activity, its members offered as the people to filter by once it is known. */
function AccountActivityTab() {
  const { organization } = useOrganization();
  return organization ? (
    <ActivityWithMembers organizationId={organization.id} />
  ) : (
    <OrganizationActivityTab actors={[]} time={{}} />
  );
}

function AccountRecentActivity() {
  return <RecentActivitySection time={useActivityTime()} />;
}

/**
 * Account settings with the Billing, Tokens, Members and Activity tabs of the billing, keys, organizations and
 * activity features (and Security's recent activity);
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
      activityTab={
        <RequirePermission permission="activity.read">
          <AccountActivityTab />
        </RequirePermission>
      }
      recentActivity={<AccountRecentActivity />}
      privacyTab={<PrivacyTab />}
    />
  );
}
