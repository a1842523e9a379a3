import { ANY_IP_RANGES } from '@cotacep/shared/allowed-list';
import type { ApiKey } from '@cotacep/shared/key-schemas';
import { ANY_ORIGIN } from '@cotacep/shared/origins';
import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '#web/components/dialog/actions-menu.tsx';
import type { PermissionState } from '#web/lib/organization/use-permission.ts';
import { formatDateTime, formatTimeAgo } from '../lib/format-time.ts';
import type { KeyUsage } from '../lib/key-usage.ts';
import { KeyEnabledSwitch } from './key-enabled-switch.tsx';
import { KeySparkline } from './key-sparkline.tsx';

export type KeyAction = 'edit' | 'rotate' | 'delete';

type KeysTableProps = {
  items: ApiKey[];
  /** Inside one project's card the project column says nothing new. */
  showProject: boolean;
  /** Each key's figures this period, by key id; undefined while they load (or if they failed). */
  usage?: Map<string, KeyUsage>;
  /** Whether the user's role may change keys (the panel shows the reason once when not). */
  write: PermissionState;
  onAction: (action: KeyAction, apiKey: ApiKey) => void;
};

const isAllowAll = (key: ApiKey) =>
  key.kind === 'public'
    ? key.allowedOrigins.includes(ANY_ORIGIN)
    : ANY_IP_RANGES.every((range) => key.allowedOrigins.includes(range));

/**
 * On a phone the token (with its last use and requests stacked under it), its switch and its menu stay;
 * the rest shows from `sm`, `md` and `lg` up.
 */
export function KeysTable({ items, showProject, usage, write, onAction }: KeysTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? formatTimeAgo(key.lastUsedAt, i18n.language) : t('keys.neverUsed');
  const requests = (key: ApiKey) => {
    const used = usage?.get(key.id)?.used ?? 0;
    return t('keys.requestsCount', { count: used, requests: number.format(used) });
  };
  const allowed = (key: ApiKey) => {
    if (key.allowedOrigins.length === 0) return t('keys.noOrigin');
    return isAllowAll(key) ? t(`keys.allowAll.${key.kind}`) : key.allowedOrigins.join(', ');
  };

  return (
    <Table verticalSpacing="sm" layout="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('keys.columns.token')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('keys.kind')}</Table.Th>
          {showProject && <Table.Th visibleFrom="md">{t('keys.project')}</Table.Th>}
          <Table.Th visibleFrom="lg">{t('keys.columns.allowed')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('keys.columns.lastUsed')}</Table.Th>
          {usage && (
            <>
              <Table.Th visibleFrom="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('keys.columns.requests')}
              </Table.Th>
              <Table.Th visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {t('keys.columns.trend')}
              </Table.Th>
            </>
          )}
          <Table.Th>{t('keys.columns.status')}</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>{t('keys.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((key) => (
          <Table.Tr key={key.id}>
            <Table.Td miw={140}>
              <Stack gap={2}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {key.description}
                </Text>
                <Text ff="monospace" size="xs" c="dimmed">
                  {key.prefix}…
                </Text>
                {key.createdBy && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('keys.createdBy', { name: key.createdBy })}
                  </Text>
                )}
                {usage && (
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {`${lastUsed(key)} · ${requests(key)}`}
                  </Text>
                )}
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
            {showProject && (
              <Table.Td visibleFrom="md" miw={96}>
                {key.projectName}
              </Table.Td>
            )}
            <Table.Td visibleFrom="lg" maw={220}>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {allowed(key)}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text
                size="sm"
                style={{ whiteSpace: 'nowrap' }}
                title={key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : undefined}
              >
                {lastUsed(key)}
              </Text>
            </Table.Td>
            {usage && (
              <>
                <Table.Td visibleFrom="sm" ta="right">
                  <Text size="sm">{number.format(usage.get(key.id)?.used ?? 0)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <KeySparkline days={usage.get(key.id)?.days} />
                </Table.Td>
              </>
            )}
            <Table.Td>
              <KeyEnabledSwitch apiKey={key} write={write} />
            </Table.Td>
            <Table.Td>
              <ActionsMenu
                label={t('keys.actionsFor', { description: key.description })}
                disabledReason={write.reason}
                actions={[
                  { label: t('keys.edit'), onClick: () => onAction('edit', key) },
                  { label: t('keys.rotate'), onClick: () => onAction('rotate', key) },
                  { label: t('keys.delete'), onClick: () => onAction('delete', key), isDanger: true },
                ]}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
