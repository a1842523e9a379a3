import type { AdminAttentionNfse } from '@cotacep/shared/admin-nfse-schemas';
import { Anchor, Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NfseStatusBadge } from '#web/components/nfse/nfse-status-badge.tsx';
import { hasNfseProblem, NfseNextAttempt, NfseProblem, NfseRetryButton } from './nfse-parts.tsx';
import { PhoneCardList } from './phone-card-list.tsx';
import { TableScroll } from './table-scroll.tsx';

type NfseAttentionListProps = {
  items: AdminAttentionNfse[];
  onRetry: (nota: AdminAttentionNfse) => void;
};

function CustomerLink({ nota }: { nota: AdminAttentionNfse }) {
  return (
    <Anchor component={Link} to={`/admin/customers/${nota.organizationId}`} size="sm">
      {nota.organizationName}
    </Anchor>
  );
}

/**
 * The notas needing attention: customer, invoice, status, failed attempts, the refusal or last error, the
 * next attempt and Retry. A table from `sm` up, one card per nota on a phone.
 */
export function NfseAttentionList({ items, onRetry }: NfseAttentionListProps) {
  const { t } = useTranslation();
  const label = t('admin.nfse.attention.title');
  return (
    <>
      <Box visibleFrom="sm">
        <TableScroll label={label} minWidth={900}>
          <Table fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.nfse.customer')}</Table.Th>
                <Table.Th scope="col">{t('admin.nfse.invoice')}</Table.Th>
                <Table.Th scope="col">{t('admin.nfse.status')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('admin.nfse.attempts')}
                </Table.Th>
                <Table.Th scope="col">{t('admin.nfse.problem')}</Table.Th>
                <Table.Th scope="col">{t('admin.nfse.nextAttempt')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('admin.nfse.retry.button')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((nota) => (
                <Table.Tr key={nota.invoiceId}>
                  <Table.Th scope="row" fw={500}>
                    <CustomerLink nota={nota} />
                  </Table.Th>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {nota.invoiceNumber}
                  </Table.Td>
                  {/* Wide enough for "Em cancelamento": a badge cut short says nothing. */}
                  <Table.Td miw={150}>
                    <NfseStatusBadge status={nota.status} />
                  </Table.Td>
                  <Table.Td ta="right">{nota.attempts}</Table.Td>
                  <Table.Td maw={300}>
                    <NfseProblem nota={nota} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <NfseNextAttempt nota={nota} />
                  </Table.Td>
                  <Table.Td>
                    <NfseRetryButton nota={nota} onRetry={() => onRetry(nota)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Box>
      <PhoneCardList items={items} label={label} keyOf={(nota) => nota.invoiceId}>
        {(nota) => (
          <>
            <Group justify="space-between" gap="xs">
              <CustomerLink nota={nota} />
              <NfseStatusBadge status={nota.status} />
            </Group>
            <Text size="xs" ff="monospace">
              {nota.invoiceNumber}
            </Text>
            {hasNfseProblem(nota) && <NfseProblem nota={nota} />}
            <Text size="xs">
              {t('admin.nfse.attempts')}: {nota.attempts} · {t('admin.nfse.nextAttempt')}:{' '}
              <NfseNextAttempt nota={nota} />
            </Text>
            <Box>
              <NfseRetryButton nota={nota} onRetry={() => onRetry(nota)} />
            </Box>
          </>
        )}
      </PhoneCardList>
    </>
  );
}
