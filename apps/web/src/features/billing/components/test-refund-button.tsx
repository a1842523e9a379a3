import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { useRefundTestInvoice } from '../api/refund-test-invoice.ts';
import { canSimulateRefund } from '../lib/can-simulate-refund.ts';
import classes from './invoice.module.css';

/**
 * Test mode only (issue 27): "the bank" reverses a paid invoice in reais, after a confirmation; the invoice
 * becomes void and its nota is cancelled, which the page then shows (and follows while it is cancelling).
 */
export function TestRefundButton({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const summary = useBillingSummary();
  const permission = usePermission('billing.write');
  const refund = useRefundTestInvoice(invoice.id);
  const [isConfirming, setConfirming] = useState(false);
  if (!canSimulateRefund(summary.data?.provider, invoice)) return null;

  const close = () => {
    setConfirming(false);
    refund.reset();
  };
  const onRefund = () =>
    refund.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('billing.refund.done', { number: invoice.number }));
      },
    });

  return (
    <Alert color="orange" title={t('billing.testMode.badge')} className={classes.noPrint}>
      <Stack gap="sm">
        <Text size="sm">{t('billing.refund.text')}</Text>
        <Group>
          <Button
            variant="default"
            onClick={() => setConfirming(true)}
            disabled={!permission.isAllowed}
            {...reasonProps(permission)}
          >
            {t('billing.refund.button')}
          </Button>
        </Group>
        <DeniedReason permission={permission} />
      </Stack>
      <ConfirmDeleteDialog
        opened={isConfirming}
        title={t('billing.refund.title', { number: invoice.number })}
        failureTitle={t('billing.refund.failed')}
        error={refund.error}
        isPending={refund.isPending}
        deleteLabel={t('billing.refund.confirm')}
        onClose={close}
        onDelete={onRefund}
      >
        <Text size="sm">
          {t('billing.refund.confirmText', {
            amount: formatMoney(invoice.amount, invoice.currency, i18n.language),
          })}
        </Text>
      </ConfirmDeleteDialog>
    </Alert>
  );
}
