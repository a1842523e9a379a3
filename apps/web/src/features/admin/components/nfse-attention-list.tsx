import type { AdminAttentionNfse } from '@cotacep/shared/admin-nfse-schemas';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NfseList } from './nfse-table.tsx';

type NfseAttentionListProps = {
  items: AdminAttentionNfse[];
  onRetry: (nota: AdminAttentionNfse) => void;
};

/** The notas needing attention, each with its customer (a link to its page) and its invoice. */
export function NfseAttentionList({ items, onRetry }: NfseAttentionListProps) {
  const { t } = useTranslation();
  return (
    <NfseList
      items={items}
      label={t('admin.nfse.attention.title')}
      onRetry={onRetry}
      leading={[
        {
          header: t('admin.nfse.customer'),
          cell: (nota) => (
            <Anchor component={Link} to={`/admin/customers/${nota.organizationId}`} size="sm">
              {nota.organizationName}
            </Anchor>
          ),
        },
        {
          header: t('admin.nfse.invoice'),
          cell: (nota) => (
            <Text span inherit ff="monospace">
              {nota.invoiceNumber}
            </Text>
          ),
        },
      ]}
    />
  );
}
