import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNfseAttention } from '../api/get-nfse-attention.ts';

/** The overview's pointer to the notas fiscais needing attention (issue 27); nothing while there are none. */
export function NfseAttentionNotice() {
  const { t } = useTranslation();
  // One row is enough: the answer's total is the count.
  const attention = useNfseAttention({ limit: 1 });
  const total = attention.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Alert color="red" variant="light" role="status" title={t('admin.nfse.attention.title')}>
      <Text size="sm">
        {t('admin.nfse.attention.notice', { count: total })}{' '}
        <Anchor component={Link} to="/admin/nfse" size="sm" fw={600} c="red.9" underline="always">
          {t('admin.nfse.attention.open')}
        </Anchor>
      </Text>
    </Alert>
  );
}
