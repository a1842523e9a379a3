import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLinkComponent } from '../../components/site-link/site-link.tsx';
import { useSession } from '../../lib/session/session-store.ts';
import { ACCOUNT_NAV_LINKS, PUBLIC_NAV_LINKS } from './nav-links.ts';
import classes from './site-layout.module.css';

/** The header's links, a visitor's or a customer's: in the bar, or stacked in the phone's drawer. */
export function HeaderNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Link = useLinkComponent();
  const { isAuthenticated } = useSession();
  const links = isAuthenticated ? ACCOUNT_NAV_LINKS : PUBLIC_NAV_LINKS;
  return links.map((link) => (
    <Anchor
      key={link.to}
      component={Link}
      to={link.to}
      className={classes.navLink}
      fz={onNavigate ? 'md' : undefined}
      onClick={onNavigate}
    >
      {t(link.labelKey)}
    </Anchor>
  ));
}
