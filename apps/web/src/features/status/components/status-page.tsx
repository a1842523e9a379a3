import {
  Alert,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_POLL_MS, useStatus } from '#web/lib/status/get-status.ts';
import { formatDataDate, getApiEntry, getOverallState, STATUS_APIS } from '../lib/derive-status.ts';
import { ApiSection } from './api-section.tsx';
import { OVERALL_LOOKS } from './state-badge.tsx';

/** The public status page: the overall state, then each API and its data sources, refreshed every 30 s. */
export function StatusPage() {
  const { t, i18n } = useTranslation();
  const status = useStatus(STATUS_POLL_MS.page);
  const data = status.data;
  const overall = data ? getOverallState(data) : null;
  const look = overall ? OVERALL_LOOKS[overall] : null;
  const updatedAt = data
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(data.generatedAt))
    : '';
  // One line per API that is not operational: which one, and how (with its data's date when stale).
  const problems = data
    ? data.apis.flatMap((entry) =>
        entry.state === 'operational'
          ? []
          : t(`status.apiLine.${entry.state}`, {
              api: t(`status.api.${entry.api}`),
              date: entry.dataAsOf ? formatDataDate(entry.dataAsOf, i18n.language) : '',
            }),
      )
    : [];
  // Announced when a state changes, not on every refresh: the time is left out of it.
  const summary = overall ? [t(`status.headline.${overall}`), ...problems].join('. ') : '';

  return (
    // At least a window tall: the state fills it once it comes, so nothing below the fold moves into view
    // meanwhile (the page is prerendered without it: decision 039), and the footer never jumps.
    <Container size="md" py="xl" mih="100dvh">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('status.title')}
          </Title>
          <Text c="dimmed">{t('status.intro')}</Text>
        </Stack>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {summary}
        </VisuallyHidden>
        {status.isPending && <Skeleton h={96} radius="md" />}
        {status.isError && (
          <Alert color="red" variant="light" title={t('status.unavailableTitle')}>
            {data ? t('status.staleView', { time: updatedAt }) : t('status.unavailable')}
          </Alert>
        )}
        {data && overall && look && (
          <>
            <Paper withBorder radius="md" p="lg" bg={`var(--mantine-color-${look.color}-light)`}>
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={44} radius="xl" color={look.color} variant="filled" aria-hidden>
                  <look.Icon size={24} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text component="p" fw={700} fz={{ base: 'lg', sm: 'xl' }} m={0}>
                    {t(`status.headline.${overall}`)}
                  </Text>
                  {problems.map((line) => (
                    <Text key={line} component="p" m={0}>
                      {line}
                    </Text>
                  ))}
                  <Text size="sm" c="dimmed">
                    <time dateTime={data.generatedAt}>{t('status.updatedAt', { time: updatedAt })}</time>
                    {' · '}
                    {t('status.refreshEvery', { seconds: STATUS_POLL_MS.page / 1000 })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
            {STATUS_APIS.map((api) => (
              <ApiSection
                key={api}
                api={api}
                entry={getApiEntry(data, api)}
                sources={data.sources.filter((source) => source.api === api)}
              />
            ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
