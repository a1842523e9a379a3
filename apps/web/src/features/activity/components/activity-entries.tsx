import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { EntryTexts } from '../lib/use-entry-texts.ts';
import classes from './activity-list.module.css';

type ActivityEntriesProps = {
  entries: (EntryTexts & { id: string })[];
  /** The heading that names the list. */
  labelledBy: string;
  zoneName: string;
};

function Origin({ entry }: { entry: EntryTexts }) {
  const { t } = useTranslation();
  if (!entry.ip && !entry.device) return <Text size="sm">{t('activity.noValue')}</Text>;
  return (
    <Stack gap={0}>
      {entry.ip && (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {entry.ip}
        </Text>
      )}
      {entry.device && (
        <Text size="xs" c="dimmed">
          {entry.device}
        </Text>
      )}
    </Stack>
  );
}

/** The wide layout: one row per event, five columns (four when no entry names a target). */
function EntriesTable({ entries, labelledBy, zoneName }: ActivityEntriesProps) {
  const { t } = useTranslation();
  // A person's sign-ins name no target: an empty column would only push the others apart.
  const hasTargets = entries.some((entry) => entry.target !== null);
  return (
    <Table verticalSpacing="sm" layout="auto" aria-labelledby={labelledBy} captionSide="bottom">
      <Table.Caption ta="left">{t('activity.timesIn', { zone: zoneName })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('activity.columns.time')}</Table.Th>
          <Table.Th>{t('activity.columns.event')}</Table.Th>
          <Table.Th>{t('activity.columns.actor')}</Table.Th>
          {hasTargets && <Table.Th>{t('activity.columns.target')}</Table.Th>}
          <Table.Th>{t('activity.columns.origin')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{entry.time}</Text>
            </Table.Td>
            <Table.Td miw={160}>
              <Text size="sm" fw={500}>
                {entry.event}
              </Text>
              {entry.reason && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {entry.reason}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={240}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.actor}
              </Text>
            </Table.Td>
            {hasTargets && (
              <Table.Td maw={220}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.target ?? t('activity.noValue')}
                </Text>
              </Table.Td>
            )}
            <Table.Td>
              <Origin entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The phone's layout: each event a card, what and when first, then who, target and origin. */
function EntriesCards({ entries, labelledBy, zoneName }: ActivityEntriesProps) {
  const { t } = useTranslation();
  const origin = (entry: EntryTexts) =>
    [entry.ip, entry.device].filter(Boolean).join(' · ') || t('activity.noValue');
  return (
    <Stack gap={0}>
      <Box component="ul" aria-labelledby={labelledBy} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Box component="li" key={entry.id} className={classes.card}>
            <Group justify="space-between" align="baseline" gap={4} wrap="wrap">
              <Text size="sm" fw={600}>
                {entry.event}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.time}
              </Text>
            </Group>
            {entry.reason && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.reason}
              </Text>
            )}
            <dl className={classes.facts}>
              <dt>{t('activity.columns.actor')}</dt>
              <dd>{entry.actor}</dd>
              {entry.target && (
                <>
                  <dt>{t('activity.columns.target')}</dt>
                  <dd>{entry.target}</dd>
                </>
              )}
              <dt>{t('activity.columns.origin')}</dt>
              <dd>{origin(entry)}</dd>
            </dl>
          </Box>
        ))}
      </Box>
      <Text size="xs" c="dimmed" mt="xs">
        {t('activity.timesIn', { zone: zoneName })}
      </Text>
    </Stack>
  );
}

/** A table from `sm` up, stacked cards on a phone: one or the other in the page, never both. */
export function ActivityEntries(props: ActivityEntriesProps) {
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return isWide ? <EntriesTable {...props} /> : <EntriesCards {...props} />;
}
