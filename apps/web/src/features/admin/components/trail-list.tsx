import type { ActivityEntry } from '@cotacep/shared/audit-schemas';
import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type TrailListProps = {
  entries: ActivityEntry[];
  /** The staff trail names each entry's customer, with a link to its page. */
  showsCustomer?: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

/** Audit entries, newest first: what happened, who did it, to what, and a staff action's reason. */
export function TrailList({
  entries,
  showsCustomer = false,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: TrailListProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const actorOf = ({ actor }: ActivityEntry) => {
    if (actor.type === 'system') return t('activity.actor.system');
    if (actor.type === 'api_key')
      return actor.label
        ? t('activity.actor.token', { label: actor.label })
        : t('activity.actor.formerToken');
    return (
      actor.label ?? (actor.type === 'staff' ? t('admin.trail.formerStaff') : t('activity.actor.formerUser'))
    );
  };
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.trail.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" gap="xs" align="baseline">
              <Text fw={600} size="sm">
                {t(`audit.events.${entry.event}`)}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={entry.occurredAt}>
                {time.format(new Date(entry.occurredAt))}
              </Text>
            </Group>
            <Group gap={6} mt={2}>
              {entry.actor.type === 'staff' && (
                <Badge size="xs" variant="light" color="violet" radius="sm" tt="none">
                  {t('admin.trail.staffBadge')}
                </Badge>
              )}
              <Text size="xs">{t('admin.trail.by', { actor: actorOf(entry) })}</Text>
              {entry.target?.label && (
                <Text size="xs" c="dimmed">
                  {t('admin.trail.target', { target: entry.target.label })}
                </Text>
              )}
              {showsCustomer && entry.organizationId && (
                <Anchor component={Link} to={`/admin/customers/${entry.organizationId}`} size="xs">
                  {t('admin.trail.openCustomer')}
                </Anchor>
              )}
            </Group>
            {entry.reason && (
              <Text size="sm" mt={4} c="gray.8">
                <Text span fw={600} inherit>
                  {t('admin.trail.reason')}
                </Text>{' '}
                {entry.reason}
              </Text>
            )}
          </Box>
        ))}
      </Box>
      {hasMore && (
        <Button
          variant="default"
          size="xs"
          onClick={onLoadMore}
          loading={isLoadingMore}
          style={{ alignSelf: 'center' }}
        >
          {t('activity.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
