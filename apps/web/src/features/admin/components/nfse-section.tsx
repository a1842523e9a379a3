import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useCustomerNfse } from '../api/get-customer-nfse.ts';
import { NfseIssuer } from './nfse-parts.tsx';
import { NfseRetryDialog, type NfseRetryTarget } from './nfse-retry-dialog.tsx';
import { NfseList } from './nfse-table.tsx';
import { SectionCard } from './section-card.tsx';

/**
 * The customer's notas fiscais (issue 27), newest first: invoice, issuer, status and number, failed attempts,
 * the issuer's refusal or the last error, the next attempt, and Retry (with its reason).
 */
export function NfseSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const notas = useCustomerNfse(organizationId);
  const [target, setTarget] = useState<NfseRetryTarget | null>(null);
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
        <NfseList
          items={items}
          label={t('admin.nfse.table')}
          onRetry={(nota: StaffNfse) => setTarget({ organizationId, nota })}
          leading={[
            {
              header: t('admin.nfse.invoice'),
              cell: (nota) => (
                <Text span inherit ff="monospace">
                  {nota.invoiceNumber}
                </Text>
              ),
            },
            { header: t('admin.nfse.issuer'), cell: (nota) => <NfseIssuer issuer={nota.issuer} /> },
          ]}
        />
      )}
      <NfseRetryDialog target={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}
