import type { AdminCustomer, AdminKey } from '@cotacep/shared/admin-schemas';
import { Badge, Box, Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAge } from '#web/lib/format/format-age.ts';
import type { CustomerAction } from '../lib/customer-action.ts';
import { ActionButton } from './action-button.tsx';
import { PhoneCardList } from './phone-card-list.tsx';
import { SectionCard } from './section-card.tsx';

type KeysSectionProps = { customer: AdminCustomer; onAction: (action: CustomerAction) => void };
type KeyProps = { apiKey: AdminKey; onAction: (action: CustomerAction) => void };

function KeyName({ apiKey }: { apiKey: AdminKey }) {
  return (
    <>
      {apiKey.description}
      <Text size="xs" c="dimmed" fw={400}>
        <Code>{apiKey.prefix}</Code> · {apiKey.projectName}
      </Text>
    </>
  );
}

function KeyRestrictions({ apiKey }: { apiKey: AdminKey }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      {apiKey.allowedOrigins.length > 0 ? apiKey.allowedOrigins.join(', ') : t('admin.keys.none')}
    </Text>
  );
}

function LastUsed({ apiKey }: { apiKey: AdminKey }) {
  const { t, i18n } = useTranslation();
  return apiKey.lastUsedAt
    ? formatAge(Date.now() - Date.parse(apiKey.lastUsedAt), i18n.language)
    : t('admin.keys.neverUsed');
}

/** A live token can be disabled; a disabled one says so. */
function KeyState({ apiKey, onAction }: KeyProps) {
  const { t } = useTranslation();
  if (!apiKey.enabled) {
    return (
      <Badge variant="light" color="gray" radius="sm" tt="none">
        {t('admin.keys.disabled')}
      </Badge>
    );
  }
  return (
    <ActionButton
      color="red.8"
      aria-label={t('admin.actions.disableKey.named', { key: apiKey.description })}
      onClick={() => onAction({ kind: 'disableKey', key: apiKey })}
    >
      {t('admin.actions.disableKey.button')}
    </ActionButton>
  );
}

/**
 * The customer's tokens: prefix, kind, restrictions, state and last use. A table on wide screens; on a phone,
 * one card per token, so "Disable" stays in reach.
 */
export function KeysSection({ customer, onAction }: KeysSectionProps) {
  const { t } = useTranslation();
  const { keys } = customer;
  return (
    <SectionCard title={t('admin.keys.title', { count: keys.length })}>
      {keys.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.keys.empty')}
        </Text>
      )}
      {keys.length > 0 && (
        <>
          <Box visibleFrom="sm">
            <Table fz="sm" verticalSpacing="xs" aria-label={t('admin.keys.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.keys.key')}</Table.Th>
                  <Table.Th scope="col">{t('admin.keys.kind')}</Table.Th>
                  <Table.Th scope="col">{t('admin.keys.restrictions')}</Table.Th>
                  <Table.Th scope="col">{t('admin.keys.lastUsed')}</Table.Th>
                  <Table.Th scope="col">{t('admin.keys.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((apiKey) => (
                  <Table.Tr key={apiKey.id}>
                    <Table.Th scope="row" fw={500}>
                      <KeyName apiKey={apiKey} />
                    </Table.Th>
                    <Table.Td>{t(`admin.keys.kinds.${apiKey.kind}`)}</Table.Td>
                    <Table.Td maw={240}>
                      <KeyRestrictions apiKey={apiKey} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <LastUsed apiKey={apiKey} />
                    </Table.Td>
                    <Table.Td>
                      <KeyState apiKey={apiKey} onAction={onAction} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <PhoneCardList items={keys} label={t('admin.keys.table')} keyOf={(apiKey) => apiKey.id} gap={4}>
            {(apiKey) => (
              <>
                <Text fw={600} size="sm" component="div">
                  <KeyName apiKey={apiKey} />
                </Text>
                <Text size="sm">
                  {t(`admin.keys.kinds.${apiKey.kind}`)} · {t('admin.keys.lastUsed')}:{' '}
                  <LastUsed apiKey={apiKey} />
                </Text>
                <KeyRestrictions apiKey={apiKey} />
                <Box>
                  <KeyState apiKey={apiKey} onAction={onAction} />
                </Box>
              </>
            )}
          </PhoneCardList>
        </>
      )}
    </SectionCard>
  );
}
