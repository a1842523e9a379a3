import { ANY_IP_RANGES } from '@cotacep/shared/allowed-list';
import type { ApiKey } from '@cotacep/shared/key-schemas';
import { ANY_ORIGIN } from '@cotacep/shared/origins';
import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTimeAgo } from '../lib/format-time.ts';
import { type KeyAction, KeyActionsMenu } from './key-actions-menu.tsx';
import { KeyEnabledSwitch } from './key-enabled-switch.tsx';

type KeysTableProps = {
  items: ApiKey[];
  /** Inside one project's card the project column says nothing new. */
  showProject: boolean;
  onAction: (action: KeyAction, apiKey: ApiKey) => void;
};

const isAllowAll = (key: ApiKey) =>
  key.kind === 'public'
    ? key.allowedOrigins.includes(ANY_ORIGIN)
    : ANY_IP_RANGES.every((range) => key.allowedOrigins.includes(range));

/** On a phone only the token, its switch and its menu stay; the rest shows from `sm` and `md` up. */
export function KeysTable({ items, showProject, onAction }: KeysTableProps) {
  const { t, i18n } = useTranslation();
  const allowed = (key: ApiKey) =>
    isAllowAll(key) ? t(`keys.allowAll.${key.kind}`) : key.allowedOrigins.join(', ');

  return (
    <Table verticalSpacing="sm" layout="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('keys.columns.token')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('keys.kind')}</Table.Th>
          {showProject && <Table.Th visibleFrom="md">{t('keys.project')}</Table.Th>}
          <Table.Th visibleFrom="md">{t('keys.columns.allowed')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('keys.columns.lastUsed')}</Table.Th>
          <Table.Th>{t('keys.columns.status')}</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>{t('keys.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((key) => (
          <Table.Tr key={key.id}>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {key.description}
                </Text>
                <Text ff="monospace" size="xs" c="dimmed">
                  {key.prefix}…
                </Text>
                {key.graceEndsAt && (
                  <Badge color="yellow" variant="light" size="sm" style={{ textTransform: 'none' }}>
                    {t('keys.graceBadge', {
                      prefix: key.previousPrefix,
                      time: formatDateTime(key.graceEndsAt, i18n.language),
                    })}
                  </Badge>
                )}
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="sm">{t(`keys.${key.kind}`)}</Table.Td>
            {showProject && <Table.Td visibleFrom="md">{key.projectName}</Table.Td>}
            <Table.Td visibleFrom="md" maw={240}>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {allowed(key)}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text
                size="sm"
                title={key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : undefined}
              >
                {key.lastUsedAt ? formatTimeAgo(key.lastUsedAt, i18n.language) : t('keys.neverUsed')}
              </Text>
            </Table.Td>
            <Table.Td>
              <KeyEnabledSwitch apiKey={key} />
            </Table.Td>
            <Table.Td>
              <KeyActionsMenu apiKey={key} onAction={onAction} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
