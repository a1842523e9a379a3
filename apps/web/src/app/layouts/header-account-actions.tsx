import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../components/deferred-menu/deferred-menu.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { useLinkComponent } from '../../components/site-link/site-link.tsx';
import { loadScreenTexts } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { whenIdleAfterLoad } from '../../lib/when-idle-after-load.ts';
import { ACCOUNT_NAV_LINKS } from './nav-links.ts';

type HeaderAccountActionsProps = { onNavigate?: () => void; isStacked?: boolean };

// The organizations part reads the API: its code (and the API client's) comes once the page is idle after
// loading, for a signed-in visitor, or when the menu or drawer opens first (decision 016).
const loadOrganizationParts = () => import('./header-organizations.tsx');
const OrganizationMenuItems = lazy(async () => ({
  default: (await loadOrganizationParts()).OrganizationMenuItems,
}));
const OrganizationDrawerSection = lazy(async () => ({
  default: (await loadOrganizationParts()).OrganizationDrawerSection,
}));
// A dialog from the header, on any page: it brings the complete styles and the screens' texts with it.
const NewOrganizationDialog = lazy(async () => {
  const [dialog] = await Promise.all([
    import('../../features/organizations/components/new-organization-dialog.tsx'),
    import('../styles/all-styles.ts'),
    loadScreenTexts(),
  ]);
  return { default: dialog.NewOrganizationDialog };
});

function displayName(user: Record<string, unknown> | null | undefined): string | undefined {
  const name = user?.given_name ?? user?.email;
  return typeof name === 'string' && name ? name : undefined;
}

/** Log in / Sign up for visitors; the account menu for a signed-in customer. */
export function HeaderAccountActions({ onNavigate, isStacked = false }: HeaderAccountActionsProps) {
  const { t } = useTranslation();
  const Link = useLinkComponent();
  const { user, isAuthenticated } = useSession();
  const [isCreating, setCreating] = useState(false);
  const [hasCreated, setHasCreated] = useState(false);
  const fullWidth = isStacked;
  useEffect(
    () =>
      isAuthenticated
        ? whenIdleAfterLoad(() => void loadOrganizationParts().catch(() => undefined))
        : undefined,
    [isAuthenticated],
  );
  const onCreate = () => {
    setHasCreated(true);
    setCreating(true);
  };
  const newOrganization = hasCreated && (
    <Suspense fallback={null}>
      <NewOrganizationDialog
        opened={isCreating}
        onClose={() => {
          setCreating(false);
          onNavigate?.();
        }}
      />
    </Suspense>
  );

  if (!isAuthenticated) {
    return (
      <>
        <Button
          component={Link}
          to="/auth/login"
          variant="default"
          onClick={onNavigate}
          fullWidth={fullWidth}
        >
          {t('actions.login')}
        </Button>
        <Button component={Link} to="/auth/signup" onClick={onNavigate} fullWidth={fullWidth}>
          {t('actions.signup')}
        </Button>
      </>
    );
  }

  if (isStacked) {
    return (
      <>
        <Suspense fallback={null}>
          <OrganizationDrawerSection onCreate={onCreate} onNavigate={onNavigate} />
        </Suspense>
        <Button component={Link} to="/auth/logout" variant="default" onClick={onNavigate} fullWidth>
          {t('actions.logout')}
        </Button>
        {newOrganization}
      </>
    );
  }

  return (
    <>
      <DeferredMenu
        target={
          <Button variant="light" leftSection={<UserIcon />}>
            {displayName(user) ?? t('nav.account')}
          </Button>
        }
      >
        {(Menu) => (
          <>
            {ACCOUNT_NAV_LINKS.map((link) => (
              <Menu.Item key={link.to} component={Link} to={link.to}>
                {t(link.labelKey)}
              </Menu.Item>
            ))}
            <Suspense fallback={null}>
              <OrganizationMenuItems Menu={Menu} onCreate={onCreate} />
            </Suspense>
            <Menu.Divider />
            <Menu.Item component={Link} to="/auth/logout" color="red.9">
              {t('actions.logout')}
            </Menu.Item>
          </>
        )}
      </DeferredMenu>
      {newOrganization}
    </>
  );
}
