import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type UsageCsvRequest, useDownloadUsageCsv } from '../api/get-usage-csv.ts';

/** Downloads the chart's numbers (current view and filter) as the server's CSV. */
export function ExportCsvButton({ request }: { request: UsageCsvRequest }) {
  const { t } = useTranslation();
  const download = useDownloadUsageCsv();
  return (
    <>
      <Button
        size="xs"
        variant="default"
        loading={download.isPending}
        onClick={() => download.mutate(request)}
      >
        {t('dashboard.export.button')}
      </Button>
      {download.isError && (
        <Text size="xs" c="red.8" role="alert">
          {t('dashboard.export.failed')}
        </Text>
      )}
    </>
  );
}
