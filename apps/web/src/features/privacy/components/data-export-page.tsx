import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { saveFile } from '#web/lib/api/download-file.ts';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import { useDataExportFile } from '../api/download-data-export.ts';
import { PRIVACY_TAB_PATH } from '../lib/paths.ts';

/**
 * `/account/data-export/:id`, the page the e-mail links to: signed in as the export's owner, the file is
 * fetched and saved with one click; anyone else (or after its hours) gets the not-found message.
 */
export function DataExportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const file = useDataExportFile();
  const { mutate } = file;
  useEffect(() => mutate(id), [mutate, id]);
  const isNotFound = file.isError && [400, 404].includes(normalizeError(file.error).status);

  return (
    <Container size="sm" py="xl">
      <PageHeader title={t('privacy.download.title')} />
      <Stack align="flex-start">
        {(file.isPending || file.isIdle) && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('privacy.download.loading')}</Text>
          </Group>
        )}
        {isNotFound && (
          <Alert color="orange" variant="light" role="alert" title={t('privacy.download.notFoundTitle')}>
            {t('privacy.download.notFound')}
          </Alert>
        )}
        {file.isError && !isNotFound && (
          <FailureAlert error={file.error} title={t('privacy.download.failed')} />
        )}
        {file.isSuccess && (
          <>
            <Text>{t('privacy.download.ready')}</Text>
            <Button onClick={() => saveFile(file.data.blob, file.data.fileName)}>
              {t('privacy.download.save')}
            </Button>
          </>
        )}
        <Button component={Link} to={PRIVACY_TAB_PATH} variant="subtle" px={0}>
          {t('privacy.download.back')}
        </Button>
      </Stack>
    </Container>
  );
}
