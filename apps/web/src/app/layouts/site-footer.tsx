import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import type { TranslationKey } from '../../i18n/translation-key.ts';
import { getAppConfig } from '../../lib/app-config.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { ACCOUNT_NAV_LINKS, type NavLinkItem } from './nav-links.ts';
import classes from './site-layout.module.css';

const PRODUCT_LINKS: NavLinkItem[] = [
  { to: '/#features', labelKey: 'nav.features' },
  { to: '/quick-start', labelKey: 'nav.quickStart' },
  { to: '/docs', labelKey: 'apiReference.nav' },
  { to: '/pricing', labelKey: 'nav.pricing' },
  { to: '/faq', labelKey: 'legal.faq' },
  { to: '/status', labelKey: 'status.link' },
];
const COMPANY_LINKS: NavLinkItem[] = [
  { to: '/about', labelKey: 'legal.about' },
  { to: '/contact', labelKey: 'contact.link' },
];
// Only legal texts, one per kind: the site's terms of use, the APIs' terms of service, the privacy policy.
const LEGAL_LINKS: NavLinkItem[] = [
  { to: '/terms', labelKey: 'legal.terms' },
  { to: '/terms-of-service', labelKey: 'legal.termsOfService' },
  { to: '/privacy', labelKey: 'legal.privacy' },
];
const VISITOR_LINKS: NavLinkItem[] = [
  { to: '/auth/signup', labelKey: 'actions.signup' },
  { to: '/auth/login', labelKey: 'actions.login' },
  { to: '/auth/forget-password', labelKey: 'auth.forgot.title' },
];
// Pricing sits in the product column already.
const CUSTOMER_LINKS: NavLinkItem[] = [
  ...ACCOUNT_NAV_LINKS.filter((link) => !PRODUCT_LINKS.some((product) => product.to === link.to)),
  { to: '/auth/logout', labelKey: 'actions.logout' },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const columns: { titleKey: TranslationKey; links: NavLinkItem[] }[] = [
    { titleKey: 'footer.product', links: PRODUCT_LINKS },
    { titleKey: 'footer.account', links: isAuthenticated ? CUSTOMER_LINKS : VISITOR_LINKS },
    { titleKey: 'footer.company', links: COMPANY_LINKS },
    { titleKey: 'footer.legal', links: LEGAL_LINKS },
  ];
  return (
    <Box component="footer" className={classes.footer} py="xl">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xl">
          <Stack gap="xs">
            <Logo size={24} />
            <Text size="sm" c="dimmed" maw={320}>
              {t('footer.tagline')}
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack
              key={column.titleKey}
              gap={6}
              component="nav"
              aria-labelledby={`footer-${column.titleKey.replace('.', '-')}`}
            >
              <Text fw={700} size="sm" id={`footer-${column.titleKey.replace('.', '-')}`}>
                {t(column.titleKey)}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {t(link.labelKey)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl" gap="xs">
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear(), appName: getAppConfig().appName })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.madeIn')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
