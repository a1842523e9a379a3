import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { useInvoicePixCode } from '../api/pix-invoice-code.ts';
import { useCreateInvoicePixCode } from '../api/pix-invoice-create.ts';
import { usePayInvoicePixCode } from '../api/pix-invoice-pay.ts';
import { PixPanel } from './pix-panel.tsx';
import { SectionLoader } from './section-loader.tsx';

type PixInvoiceSectionProps = {
  /** An open invoice in reais of test mode (Stripe's hosted page offers its own Pix). */
  invoice: Invoice;
  /** The bank paid the code: the invoice, the summary and maybe the plan changed. */
  onPaid: () => void;
};

/**
 * Pays an open invoice by Pix (issue 27): a renewal a card did not pay, a boleto's, an upgrade's. Asks for a
 * code, then follows it until it is paid or expires.
 */
export function PixInvoiceSection({ invoice, onPaid }: PixInvoiceSectionProps) {
  const { t, i18n } = useTranslation();
  const code = useInvoicePixCode(invoice.id);
  const create = useCreateInvoicePixCode(invoice.id);
  const pay = usePayInvoicePixCode(invoice.id);
  const isPaid = code.isFetchedAfterMount && code.data?.status === 'paid';

  // Once per payment, whichever function the parent gave.
  const isReported = useRef(false);
  useEffect(() => {
    if (!isPaid || isReported.current) return;
    isReported.current = true;
    onPaid();
  }, [isPaid, onPaid]);

  if (code.isPending) return <SectionLoader />;
  const amount = formatMoney(invoice.amount, invoice.currency, i18n.language);
  if (!code.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('billing.pix.invoiceIntro', { amount })}</Text>
        <FormErrorAlert error={code.error ?? create.error} />
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {t('billing.pix.generate')}
        </Button>
      </Stack>
    );
  }
  return (
    <PixPanel
      charge={code.data}
      amount={amount}
      receivedAt={code.dataUpdatedAt}
      onExpired={() => void code.refetch()}
      onNewCode={() => create.mutate()}
      isCreating={create.isPending}
      onSimulatePaid={() => pay.mutate()}
      isPaying={pay.isPending}
      error={code.error ?? create.error ?? pay.error}
    />
  );
}
