import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useCustomerActivity } from '../api/get-customer-activity.ts';
import { SectionCard } from './section-card.tsx';
import { TrailList } from './trail-list.tsx';

/** The customer's audit trail, staff actions named with their reasons. */
export function CustomerTrailSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const activity = useCustomerActivity(organizationId);
  return (
    <SectionCard title={t('admin.trail.customerTitle')}>
      <FormErrorAlert error={activity.error} />
      {activity.isPending && <Skeleton h={160} />}
      {activity.data && (
        <TrailList
          entries={activity.data.pages.flatMap((page) => page.entries)}
          hasMore={activity.hasNextPage}
          isLoadingMore={activity.isFetchingNextPage}
          onLoadMore={() => void activity.fetchNextPage()}
        />
      )}
    </SectionCard>
  );
}
