import type { Invoice } from '@cotacep/shared/billing-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { getBillingSummaryQueryOptions } from '../api/get-billing-summary.ts';
import { getInvoiceQueryOptions } from '../api/get-invoice.ts';
import { getInvoicesQueryOptions } from '../api/get-invoices.ts';
import classes from './invoice.module.css';
import { PixInvoiceSection } from './pix-invoice-section.tsx';

type PixInvoicePaymentProps = {
  invoice: Invoice;
  /** Paid, an upgrade's invoice changes the plan. */
  onPaid: () => void;
};

/**
 * The invoice page's "Pay with Pix" (issue 27): an open invoice in reais of test mode (a renewal's, a
 * boleto's, an upgrade's). Stripe's invoices are paid on Stripe's own page, which offers Pix there.
 */
export function PixInvoicePayment({ invoice, onPaid }: PixInvoicePaymentProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onPixPaid = useCallback(() => {
    notifySuccess(t('billing.pix.invoicePaid'));
    for (const { queryKey } of [
      getInvoiceQueryOptions(invoice.id),
      getInvoicesQueryOptions(),
      getBillingSummaryQueryOptions(),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    onPaid();
  }, [invoice.id, onPaid, queryClient, t]);

  if (invoice.status !== 'open' || invoice.currency !== 'BRL' || invoice.hostedUrl) return null;
  return (
    <div className={classes.noPrint}>
      <SettingsSection title={t('billing.pix.payInvoiceTitle')}>
        <PixInvoiceSection invoice={invoice} onPaid={onPixPaid} />
      </SettingsSection>
    </div>
  );
}
