import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredMenu } from '../../components/deferred-menu/deferred-menu.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { useSession } from '../../lib/session/session-store.ts';
import { ACCOUNT_NAV_LINKS } from './nav-links.ts';

type HeaderAccountActionsProps = { onNavigate?: () => void; isStacked?: boolean };

function displayName(user: Record<string, unknown> | null | undefined): string | undefined {
  const name = user?.given_name ?? user?.email;
  return typeof name === 'string' && name ? name : undefined;
}

/** Log in / Sign up for visitors; the account menu for a signed-in customer. */
export function HeaderAccountActions({ onNavigate, isStacked = false }: HeaderAccountActionsProps) {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useSession();
  const fullWidth = isStacked;

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
      <Button component={Link} to="/auth/logout" variant="default" onClick={onNavigate} fullWidth>
        {t('actions.logout')}
      </Button>
    );
  }

  return (
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
          <Menu.Divider />
          <Menu.Item component={Link} to="/auth/logout" color="red.9">
            {t('actions.logout')}
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
