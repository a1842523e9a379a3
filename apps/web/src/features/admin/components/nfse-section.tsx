import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { Box, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { NfseStatusBadge } from '#web/components/nfse/nfse-status-badge.tsx';
import { useCustomerNfse } from '../api/get-customer-nfse.ts';
import {
  hasNfseProblem,
  isNfseRetryable,
  NfseIssuer,
  NfseNextAttempt,
  NfseProblem,
  NfseRetryButton,
  type NfseRowProps,
} from './nfse-parts.tsx';
import { NfseRetryDialog, type NfseRetryTarget } from './nfse-retry-dialog.tsx';
import { PhoneCardList } from './phone-card-list.tsx';
import { SectionCard } from './section-card.tsx';
import { TableScroll } from './table-scroll.tsx';

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

function NfseTable({ items, onRetry }: { items: StaffNfse[]; onRetry: NfseRowProps['onRetry'] }) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t('admin.nfse.table')} minWidth={860}>
      <Table fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.nfse.invoice')}</Table.Th>
            <Table.Th scope="col">{t('admin.nfse.status')}</Table.Th>
            <Table.Th scope="col">{t('admin.nfse.issuer')}</Table.Th>
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
              <Table.Th scope="row" fw={500} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {nota.invoiceNumber}
              </Table.Th>
              <Table.Td miw={150}>
                <NfseIdentity nota={nota} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <NfseIssuer issuer={nota.issuer} />
              </Table.Td>
              <Table.Td ta="right">{nota.attempts}</Table.Td>
              <Table.Td maw={280}>
                <NfseProblem nota={nota} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <NfseNextAttempt nota={nota} />
              </Table.Td>
              <Table.Td>
                <NfseRetryButton nota={nota} onRetry={onRetry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * The customer's notas fiscais (issue 27), newest first: status, number, invoice, issuer, failed attempts,
 * the issuer's refusal or the last error, the next attempt, and Retry. A table from `sm` up, cards on a phone.
 */
export function NfseSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const notas = useCustomerNfse(organizationId);
  const [target, setTarget] = useState<NfseRetryTarget | null>(null);
  const onRetry = (nota: StaffNfse) => setTarget({ organizationId, nota });
  const items = notas.data?.items ?? [];
  return (
    <SectionCard title={t('admin.nfse.title')}>
      <FormErrorAlert error={notas.error} />
      {notas.isPending && <Skeleton h={80} radius="md" />}
      {notas.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.nfse.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <>
          <Box visibleFrom="sm">
            <NfseTable items={items} onRetry={onRetry} />
          </Box>
          <PhoneCardList items={items} label={t('admin.nfse.table')} keyOf={(nota) => nota.invoiceId}>
            {(nota) => (
              <>
                <Text fw={600} size="sm" ff="monospace">
                  {nota.invoiceNumber}
                </Text>
                <NfseIdentity nota={nota} />
                <Text size="xs">
                  <NfseIssuer issuer={nota.issuer} /> · {t('admin.nfse.attempts')}: {nota.attempts}
                </Text>
                {hasNfseProblem(nota) && <NfseProblem nota={nota} />}
                {isNfseRetryable(nota) && (
                  <>
                    <Text size="xs">
                      {t('admin.nfse.nextAttempt')}: <NfseNextAttempt nota={nota} />
                    </Text>
                    <Box>
                      <NfseRetryButton nota={nota} onRetry={onRetry} />
                    </Box>
                  </>
                )}
              </>
            )}
          </PhoneCardList>
        </>
      )}
      <NfseRetryDialog target={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}
