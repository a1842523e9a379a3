import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NfseStatusBadge } from '#web/components/nfse/nfse-status-badge.tsx';
import {
  hasNfseProblem,
  isNfseRetryable,
  NfseNextAttempt,
  NfseProblem,
  NfseRetryButton,
} from './nfse-parts.tsx';
import { PhoneCardList } from './phone-card-list.tsx';
import { TableScroll } from './table-scroll.tsx';

/** A column a list puts before the shared ones (the first one names the row). */
export type NfseColumn<Nota> = { header: string; cell: (nota: Nota) => ReactNode };

type NfseListProps<Nota extends StaffNfse> = {
  items: Nota[];
  label: string;
  leading: NfseColumn<Nota>[];
  onRetry: (nota: Nota) => void;
};

/** The nota's status and, once it has them, its number and verification code. */
function NfseIdentity({ nota }: { nota: StaffNfse }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <NfseStatusBadge status={nota.status} />
      {nota.number && (
        <Text span size="xs">
          {t('billing.nfse.numbered', { number: nota.number })}
          {nota.verificationCode && (
            <Text span inherit ff="monospace">
              {` · ${nota.verificationCode}`}
            </Text>
          )}
        </Text>
      )}
    </Group>
  );
}

/**
 * The console's notas (a customer's, or those needing attention across customers): the list's own columns,
 * then status, failed attempts, the refusal or last error, the next attempt and Retry. A table from `sm` up;
 * on a phone, one card per nota.
 */
export function NfseList<Nota extends StaffNfse>({ items, label, leading, onRetry }: NfseListProps<Nota>) {
  const { t } = useTranslation();
  const [first, ...others] = leading;
  return (
    <>
      <Box visibleFrom="sm">
        <TableScroll label={label} minWidth={900}>
          <Table fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {leading.map((column) => (
                  <Table.Th key={column.header} scope="col">
                    {column.header}
                  </Table.Th>
                ))}
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
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {first?.cell(nota)}
                  </Table.Th>
                  {others.map((column) => (
                    <Table.Td key={column.header} style={{ whiteSpace: 'nowrap' }}>
                      {column.cell(nota)}
                    </Table.Td>
                  ))}
                  {/* Wide enough for "Em cancelamento": a badge cut short says nothing. */}
                  <Table.Td miw={150}>
                    <NfseIdentity nota={nota} />
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
            <Text fw={600} size="sm" component="div">
              {first?.cell(nota)}
            </Text>
            {others.map((column) => (
              <Text key={column.header} size="xs" component="div">
                {column.cell(nota)}
              </Text>
            ))}
            <NfseIdentity nota={nota} />
            {hasNfseProblem(nota) && <NfseProblem nota={nota} />}
            {isNfseRetryable(nota) && (
              <>
                <Text size="xs">
                  {t('admin.nfse.attempts')}: {nota.attempts} · {t('admin.nfse.nextAttempt')}:{' '}
                  <NfseNextAttempt nota={nota} />
                </Text>
                <Box>
                  <NfseRetryButton nota={nota} onRetry={() => onRetry(nota)} />
                </Box>
              </>
            )}
          </>
        )}
      </PhoneCardList>
    </>
  );
}
