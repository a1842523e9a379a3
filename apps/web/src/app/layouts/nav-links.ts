import type { TranslationKey } from '../../i18n/translation-key.ts';

export type NavLinkItem = { to: string; labelKey: TranslationKey };

export const PUBLIC_NAV_LINKS: NavLinkItem[] = [
  { to: '/#features', labelKey: 'nav.features' },
  { to: '/quick-start', labelKey: 'nav.quickStart' },
  { to: '/docs', labelKey: 'apiReference.nav' },
  { to: '/pricing', labelKey: 'nav.pricing' },
];

export const ACCOUNT_NAV_LINKS: NavLinkItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard' },
  { to: '/projects', labelKey: 'nav.projects' },
  { to: '/quick-start', labelKey: 'nav.quickStart' },
  { to: '/docs', labelKey: 'apiReference.nav' },
  { to: '/pricing', labelKey: 'nav.pricing' },
  { to: '/account/settings', labelKey: 'nav.settings' },
];
