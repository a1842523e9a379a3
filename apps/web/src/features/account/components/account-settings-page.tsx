import { Container, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { useAccount } from '../api/get-account.ts';
import { ENROLMENT_PATH } from '../lib/enrolment.ts';
import { useLinkReturn } from '../lib/use-link-return.ts';
import { ProfileTab } from './profile-tab.tsx';
import { ReauthProvider } from './reauth-provider.tsx';
import { SecurityTab } from './security-tab.tsx';

const TABS = ['profile', 'security', 'billing', 'tokens', 'members', 'activity', 'privacy'] as const;
type SettingsTab = (typeof TABS)[number];

const isSettingsTab = (value: string | null): value is SettingsTab =>
  (TABS as readonly string[]).includes(value ?? '');

type AccountSettingsPageProps = {
  /** The Billing tab comes from the billing feature, composed in by the app. */
  billingTab: ReactNode;
  /** The Tokens tab comes from the keys feature, composed in by the app. */
  tokensTab: ReactNode;
  /** The Members tab (the organization, its members and invitations) from the organizations feature. */
  membersTab: ReactNode;
  /** The Activity tab (the organization's audit log, issue 26) from the activity feature. */
  activityTab: ReactNode;
  /** Security's "Recent activity" (the person's own events, issue 26) from the activity feature. */
  recentActivity: ReactNode;
  /** The Privacy tab ("Download my data", "Close my account": LGPD, issue 26) from the privacy feature. */
  privacyTab: ReactNode;
};

/**
 * `/account` and `/account/settings`: Profile, Security, Billing and Tokens (spec §2), Members (issue 24) and
 * Activity (issue 26);
 * `?tab=` picks one. `/account/security` opens Security (issue 25: where a member enrols).
 */
export function AccountSettingsPage({
  billingTab,
  tokensTab,
  membersTab,
  activityTab,
  recentActivity,
  privacyTab,
}: AccountSettingsPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const isSecurityPath = location.pathname === ENROLMENT_PATH;
  const requested = new URLSearchParams(location.search).get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : isSecurityPath ? 'security' : 'profile';
  // Until an authenticator app or a passkey is on, the other tabs (an organization's data) stay closed.
  const isEnrolling = useAccount().data?.twoFactorEnrolmentRequired === true;
  const onTabChange = (next: string | null) => {
    const pathname = isSecurityPath ? '/account/settings' : location.pathname;
    navigate({ pathname, search: next && next !== 'profile' ? `?tab=${next}` : '' }, { replace: true });
  };
  useLinkReturn();

  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('account.settings.title')} description={t('account.settings.description')} />
      {/* The settings' sensitive forms share one "confirm it's you" dialog. */}
      <ReauthProvider>
        <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
          <Tabs.List mb="lg">
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name} disabled={isEnrolling && name !== 'security'}>
                {t(`account.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab recentActivity={recentActivity} />
          </Tabs.Panel>
          <Tabs.Panel value="billing">{billingTab}</Tabs.Panel>
          <Tabs.Panel value="tokens">{tokensTab}</Tabs.Panel>
          <Tabs.Panel value="members">{membersTab}</Tabs.Panel>
          <Tabs.Panel value="activity">{activityTab}</Tabs.Panel>
          <Tabs.Panel value="privacy">{privacyTab}</Tabs.Panel>
        </Tabs>
      </ReauthProvider>
    </Container>
  );
}
