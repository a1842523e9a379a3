import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen throws while rendering, instead of a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('errors.somethingWentWrong')}</Title>
        <Text c="dimmed">{t('errors.reloadHint')}</Text>
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
      </Stack>
    </Container>
  );
}
