import type { DataExport } from '@cotacep/shared/privacy-schemas';
import { Alert, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useDataExport } from '../api/get-data-export.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';
import { dataExportPath } from '../lib/paths.ts';
import { useFormatDateTime } from '../lib/use-format-date-time.ts';

/** What the latest export says: being prepared, ready until a time, expired or failed (none: nothing). */
function ExportState({ dataExport }: { dataExport: DataExport }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  switch (dataExport.status) {
    case 'pending':
      return (
        <Group gap="sm" role="status" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('privacy.export.pending')}</Text>
        </Group>
      );
    case 'ready':
      return (
        <Alert color="teal" variant="light" role="status" title={t('privacy.export.readyTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t('privacy.export.ready', {
                date: formatDateTime(dataExport.expiresAt ?? dataExport.requestedAt),
              })}
            </Text>
            <Button component={Link} to={dataExportPath(dataExport.id)}>
              {t('privacy.export.open')}
            </Button>
          </Stack>
        </Alert>
      );
    case 'expired':
      return (
        <Text size="sm" c="dimmed">
          {t('privacy.export.expired', {
            date: formatDateTime(dataExport.expiresAt ?? dataExport.requestedAt),
          })}
        </Text>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert">
          {t('privacy.export.failed')}
        </Alert>
      );
  }
}

/**
 * "Download my data" (LGPD art. 18): the file is prepared off the request path and linked by e-mail; here the
 * state of the latest one, asked for again every few seconds while it is being prepared.
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const latest = useDataExport();
  const request = useRequestDataExport();
  const dataExport = latest.data ?? null;
  const canRequest = latest.isSuccess && dataExport?.status !== 'pending' && dataExport?.status !== 'ready';
  return (
    <SettingsSection
      id="privacy-export"
      title={t('privacy.export.title')}
      description={t('privacy.export.description')}
    >
      <Stack align="flex-start">
        {latest.isPending && <Skeleton h={36} w={220} radius="md" />}
        {latest.isError && <FormErrorAlert error={latest.error} />}
        {dataExport && <ExportState dataExport={dataExport} />}
        <FailureAlert error={request.error} title={t('privacy.export.requestFailed')} />
        {canRequest && (
          <Button onClick={() => request.mutate()} loading={request.isPending}>
            {t('privacy.export.request')}
          </Button>
        )}
      </Stack>
    </SettingsSection>
  );
}
