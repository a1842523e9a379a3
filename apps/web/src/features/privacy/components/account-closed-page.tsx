import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { logout } from '#web/lib/session/session-store.ts';
import { isClosedState } from '../lib/paths.ts';
import { useFormatLongDate } from '../lib/use-format-date-time.ts';

/**
 * `/account/closed?on=<date>`: where "Close my account" signs the person out to. It says when the personal data
 * goes and that signing in before then cancels the closure.
 */
export function AccountClosedPage() {
  const { t } = useTranslation();
  const formatLongDate = useFormatLongDate();
  const on = useSearchParams()[0].get('on');
  const { state } = useLocation();
  const queryClient = useQueryClient();
  const isJustClosed = isClosedState(state);
  useEffect(() => {
    // Arriving from the closing dialog: the server ended the session, so this browser forgets it and its data.
    if (!isJustClosed) return;
    queryClient.clear();
    logout();
  }, [isJustClosed, queryClient]);
  const date = on && !Number.isNaN(Date.parse(on)) ? formatLongDate(on) : null;
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('privacy.closed.title')}</Title>
        <Text>{date ? t('privacy.closed.text', { date }) : t('privacy.closed.textNoDate')}</Text>
        <Text>{date ? t('privacy.closed.cancel', { date }) : t('privacy.closed.cancelNoDate')}</Text>
        <Text c="dimmed" size="sm">
          {t('privacy.closed.invoices')}
        </Text>
        <Button component={Link} to="/auth/login" w="fit-content">
          {t('privacy.closed.signIn')}
        </Button>
      </Stack>
    </Container>
  );
}
