import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Island } from '../../components/island/island.tsx';
import { LanguageSwitcher } from '../../components/language-switcher/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { HeaderAccountActions } from './header-account-actions.tsx';
import { HeaderNavLinks } from './header-nav-links.tsx';
import { SiteHeaderDrawer } from './site-header-drawer.tsx';
import classes from './site-layout.module.css';

/** Logo, links, language, account; on a prerendered page only the language menu and the burger hydrate. */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/" underline="never">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label={t('nav.label')} gap="lg" visibleFrom="sm">
            <HeaderNavLinks />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Island name="language-switcher" component={LanguageSwitcher} />
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <HeaderAccountActions />
            </Group>
            <Island name="header-drawer" component={SiteHeaderDrawer} />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
