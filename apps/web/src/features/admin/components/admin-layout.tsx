import type { StaffRole } from '@cotacep/shared/staff-roles';
import { Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import type { TranslationKey } from '#web/i18n/translation-key.ts';
import { StaffRoleContext } from '../lib/staff-role.ts';

const SECTIONS: { to: string; labelKey: TranslationKey; isCurrent: (path: string) => boolean }[] = [
  { to: '/admin', labelKey: 'admin.nav.overview', isCurrent: (path) => path === '/admin' },
  {
    to: '/admin/customers',
    labelKey: 'admin.nav.customers',
    isCurrent: (path) => path.startsWith('/admin/customers'),
  },
  { to: '/admin/nfse', labelKey: 'admin.nfse.nav', isCurrent: (path) => path === '/admin/nfse' },
  { to: '/admin/closures', labelKey: 'admin.nav.closures', isCurrent: (path) => path === '/admin/closures' },
  { to: '/admin/trail', labelKey: 'admin.nav.trail', isCurrent: (path) => path === '/admin/trail' },
];

/** The staff console's frame: what it is, the member's role, its sections; each screen renders below. */
export function AdminLayout({ staffRole }: { staffRole: StaffRole }) {
  const { t } = useTranslation();
  const path = useLocation().pathname.replace(/\/+$/, '');
  return (
    <StaffRoleContext value={staffRole}>
      <Container size="lg" pt="lg">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text fw={700} c="brand.8">
              {t('admin.console')}
            </Text>
            <Badge variant="light" color={staffRole === 'staff' ? 'brand' : 'gray'} radius="sm">
              {t(`admin.roles.${staffRole}`)}
            </Badge>
          </Group>
          <Group component="nav" aria-label={t('admin.nav.label')} gap={4}>
            {SECTIONS.map((section) => {
              const isCurrent = section.isCurrent(path);
              return (
                <Button
                  key={section.to}
                  component={Link}
                  to={section.to}
                  size="compact-md"
                  variant={isCurrent ? 'light' : 'subtle'}
                  color={isCurrent ? 'brand' : 'dark'}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {t(section.labelKey)}
                </Button>
              );
            })}
          </Group>
        </Stack>
      </Container>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </StaffRoleContext>
  );
}
