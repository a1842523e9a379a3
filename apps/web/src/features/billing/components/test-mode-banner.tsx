import { Alert, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Test mode's pages say so before anything else: nothing paid here is real. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" role="note" aria-label={t('billing.testMode.badge')}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
          {t('billing.testMode.badge')}
        </Badge>
        <Text size="sm">{t('billing.testMode.text')}</Text>
      </Group>
    </Alert>
  );
}
