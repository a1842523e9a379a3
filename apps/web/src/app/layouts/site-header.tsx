import { Anchor, Box, Burger, Container, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { useSession } from '../../lib/session/session-store.ts';
import { HeaderAccountActions } from './header-account-actions.tsx';
import { ACCOUNT_NAV_LINKS, PUBLIC_NAV_LINKS } from './nav-links.ts';
import classes from './site-layout.module.css';

// The small screens' menu: its code (Drawer, focus trap, scroll lock) comes the first time it opens.
const Drawer = lazy(async () => ({ default: (await import('./header-drawer.ts')).Drawer }));

export function SiteHeader() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [hasMenuOpened, setHasMenuOpened] = useState(false);
  if (isMenuOpen && !hasMenuOpened) setHasMenuOpened(true);
  const links = isAuthenticated ? ACCOUNT_NAV_LINKS : PUBLIC_NAV_LINKS;

  const renderLinks = (onClick?: () => void) =>
    links.map((link) => (
      <Anchor
        key={link.to}
        component={Link}
        to={link.to}
        className={classes.navLink}
        fz={onClick ? 'md' : undefined}
        onClick={onClick}
      >
        {t(link.labelKey)}
      </Anchor>
    ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/" underline="never">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label={t('nav.label')} gap="lg" visibleFrom="sm">
            {renderLinks()}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <HeaderAccountActions />
            </Group>
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={isMenuOpen}
              onClick={menu.toggle}
              aria-label={t(isMenuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            />
          </Group>
        </Group>
      </Container>
      {hasMenuOpened && (
        <Suspense fallback={null}>
          <Drawer
            opened={isMenuOpen}
            onClose={menu.close}
            hiddenFrom="sm"
            position="right"
            size="80%"
            title={<Logo size={24} />}
            closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
          >
            <Stack component="nav" aria-label={t('nav.label')} gap="md">
              {renderLinks(menu.close)}
              <Divider />
              <HeaderAccountActions onNavigate={menu.close} isStacked />
            </Stack>
          </Drawer>
        </Suspense>
      )}
    </Box>
  );
}
