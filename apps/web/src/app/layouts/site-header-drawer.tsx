import { Burger, Divider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { HeaderAccountActions } from './header-account-actions.tsx';
import { HeaderNavLinks } from './header-nav-links.tsx';

// The small screens' menu: its code (Drawer, focus trap, scroll lock) comes the first time it opens.
const Drawer = lazy(async () => ({ default: (await import('./header-drawer.ts')).Drawer }));

/** The burger of small screens and the drawer it opens: the header's links and account actions, stacked. */
export function SiteHeaderDrawer() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [hasMenuOpened, setHasMenuOpened] = useState(false);
  if (isMenuOpen && !hasMenuOpened) setHasMenuOpened(true);
  return (
    <>
      <Burger
        hiddenFrom="sm"
        size="sm"
        opened={isMenuOpen}
        onClick={menu.toggle}
        aria-label={t(isMenuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
      />
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
              <HeaderNavLinks onNavigate={menu.close} />
              <Divider />
              <HeaderAccountActions onNavigate={menu.close} isStacked />
            </Stack>
          </Drawer>
        </Suspense>
      )}
    </>
  );
}
