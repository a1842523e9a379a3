import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useExportOrganizationActivity } from '../api/export-organization-activity.ts';
import type { ActivityFilterQuery } from '../lib/activity-filters.ts';

type ExportButtonsProps = { organizationId: string; query: ActivityFilterQuery; isDisabled: boolean };

/** CSV and JSON of what the filters select, fetched with the token and saved as a file. */
export function ExportButtons({ organizationId, query, isDisabled }: ExportButtonsProps) {
  const { t } = useTranslation();
  const exporting = useExportOrganizationActivity();
  const button = (format: 'csv' | 'json') => (
    <Button
      size="xs"
      variant="default"
      disabled={isDisabled}
      loading={exporting.isPending && exporting.variables.format === format}
      onClick={() => exporting.mutate({ organizationId, query, format })}
    >
      {t(`activity.export.${format}`)}
    </Button>
  );
  return (
    <Group gap="xs" wrap="wrap">
      {button('csv')}
      {button('json')}
      <Text size="xs" c="dimmed">
        {t('activity.export.hint')}
      </Text>
      {exporting.isError && (
        <Text size="xs" c="red.8" role="alert" w="100%">
          {t('activity.export.failed')}
        </Text>
      )}
    </Group>
  );
}
