import { type AuditEventName, STAFF_AUDIT_EVENTS } from '@cotacep/shared/audit-events';
import { Card, Container, NativeSelect, SimpleGrid, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { type StaffActivityFilter, useStaffActivity } from '../api/get-staff-activity.ts';
import { useStaffMembers } from '../api/get-staff-members.ts';
import { TrailList } from './trail-list.tsx';

// Not an empty value: a native select on "" reads as a grey placeholder (app/field-placeholder.module.css).
const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every staff action across customers, newest first, by staff member and by action. */
export function StaffTrailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const staffId = params.get('staff');
  const event = params.get('event');
  const filter: StaffActivityFilter = {
    ...(staffId && UUID.test(staffId) ? { staffId } : {}),
    ...(event && (STAFF_AUDIT_EVENTS as readonly string[]).includes(event)
      ? { event: event as AuditEventName }
      : {}),
  };
  const activity = useStaffActivity(filter);
  const staff = useStaffMembers();
  const setFilter = (name: 'staff' | 'event', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value !== ALL) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <Container size="lg" py="lg">
      <PageHeader title={t('admin.trail.title')} description={t('admin.trail.description')} />
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mb="md" maw={640}>
          <NativeSelect
            label={t('admin.trail.staffFilter')}
            value={filter.staffId ?? ALL}
            onChange={(change) => setFilter('staff', change.currentTarget.value)}
            data={[
              { value: ALL, label: t('admin.trail.everyone') },
              ...(staff.data?.items ?? []).map((member) => ({
                value: member.userId,
                label: `${member.name} (${t(`admin.roles.${member.role}`)})`,
              })),
            ]}
          />
          <NativeSelect
            label={t('admin.trail.eventFilter')}
            value={filter.event ?? ALL}
            onChange={(change) => setFilter('event', change.currentTarget.value)}
            data={[
              { value: ALL, label: t('admin.trail.allActions') },
              ...STAFF_AUDIT_EVENTS.map((name) => ({ value: name, label: t(`audit.events.${name}`) })),
            ]}
          />
        </SimpleGrid>
        <FormErrorAlert error={activity.error} />
        {activity.isPending && <Skeleton h={200} />}
        {activity.data && (
          <TrailList
            entries={activity.data.pages.flatMap((page) => page.entries)}
            showsCustomer
            hasMore={activity.hasNextPage}
            isLoadingMore={activity.isFetchingNextPage}
            onLoadMore={() => void activity.fetchNextPage()}
          />
        )}
      </Card>
    </Container>
  );
}
