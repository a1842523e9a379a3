import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitleOverride } from '#web/lib/title-override.ts';

/** The 404: its own route's, and wherever a route has nothing to show (the console to a non-staff member). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useTitleOverride('notFound.title');
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="brand.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
