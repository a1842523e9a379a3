import { NFSE_ATTENTION_STATUSES, type NfseAttentionStatus } from '@cotacep/shared/admin-nfse-schemas';
import { Card, Container, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { DeniedReason } from '#web/components/permission/denied-reason.tsx';
import { useNfseAttention } from '../api/get-nfse-attention.ts';
import { useStaffActionPermission } from '../lib/staff-role.ts';
import { NfseAttentionList } from './nfse-attention-list.tsx';
import { NfseRetryDialog, type NfseRetryTarget } from './nfse-retry-dialog.tsx';
import { Pager } from './pager.tsx';

const ALL = 'all';

const isAttentionStatus = (value: string | null): value is NfseAttentionStatus =>
  (NFSE_ATTENTION_STATUSES as readonly (string | null)[]).includes(value);

/**
 * `/admin/nfse`: the notas fiscais needing someone across customers (issue 27), the longest waiting first:
 * rejected by the issuer, or failing to be issued or cancelled. Each links to its customer and can be retried.
 */
export function NfseAttentionPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isAttentionStatus(requested) ? requested : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const notas = useNfseAttention({ ...(status ? { status } : {}), page });
  const permission = useStaffActionPermission();
  const [target, setTarget] = useState<NfseRetryTarget | null>(null);
  const show = (next: { status?: string | undefined; page?: number }) =>
    setParams({
      ...(next.status ? { status: next.status } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });

  return (
    <Container size="lg" py="lg">
      <PageHeader
        title={t('admin.nfse.attention.title')}
        description={t('admin.nfse.attention.description')}
      />
      <Stack gap="sm">
        <NativeSelect
          label={t('admin.nfse.attention.filter')}
          maw={280}
          value={status ?? ALL}
          onChange={(event) => {
            const value = event.currentTarget.value;
            show(value === ALL ? {} : { status: value });
          }}
          data={[
            { value: ALL, label: t('admin.nfse.attention.all') },
            ...NFSE_ATTENTION_STATUSES.map((value) => ({
              value,
              label: t(`admin.nfse.attention.${value}`),
            })),
          ]}
        />
        <DeniedReason permission={permission} />
        <FormErrorAlert error={notas.error} />
        {notas.isPending && <Skeleton h={200} radius="md" />}
        {notas.data && (
          <Card withBorder radius="md" padding="lg">
            {notas.data.items.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                {t('admin.nfse.attention.empty')}
              </Text>
            ) : (
              <NfseAttentionList
                items={notas.data.items}
                onRetry={(nota) => setTarget({ organizationId: nota.organizationId, nota })}
              />
            )}
            <Pager
              page={notas.data.page}
              limit={notas.data.limit}
              total={notas.data.total}
              onChange={(next) => show({ status, page: next })}
            />
          </Card>
        )}
      </Stack>
      <NfseRetryDialog target={target} onClose={() => setTarget(null)} />
    </Container>
  );
}
