import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The page's shape while its document loads. */
export function ReferenceSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('apiReference.loading')}>
      <Skeleton height={36} width="60%" />
      <Skeleton height={16} width="90%" />
      <Skeleton height={16} width="80%" />
      <Skeleton height={120} mt="md" />
      <Skeleton height={220} />
      <Skeleton height={220} />
    </Stack>
  );
}
