import { Anchor, Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const LINKS = [
  { to: '/quick-start', key: 'quickStart' },
  { to: '/account/settings?tab=tokens', key: 'createKey' },
  { to: '/account/settings?tab=billing', key: 'billing' },
] as const;

export function QuickLinksCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="nav" aria-label={t('dashboard.links.title')}>
      <Title order={2} fz="lg" mb="sm">
        {t('dashboard.links.title')}
      </Title>
      <Stack gap={6}>
        {LINKS.map((link) => (
          <Anchor key={link.key} component={Link} to={link.to} size="sm">
            {t(`dashboard.links.${link.key}`)}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
