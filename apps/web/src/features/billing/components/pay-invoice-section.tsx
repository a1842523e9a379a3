import { TEST_CARDS, testManageRequestSchema } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { useManageTestSubscription } from '../api/manage-test-subscription.ts';
import { formatCardNumber } from '../lib/card-format.ts';
import { formatDate } from '../lib/format-date.ts';
import { PixInvoicePayment } from './pix-invoice-payment.tsx';

/** A renewal failed: the open invoice, paid here with another test card, or by Pix in reais (issue 27). */
export function PayInvoiceSection({ onPaid }: { onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices();
  const manage = useManageTestSubscription({
    onSuccess: () => {
      notifySuccess(t('billing.manage.invoicePaid'));
      onPaid();
    },
  });
  const form = useZodForm(testManageRequestSchema, { action: 'pay', cardNumber: '' });
  const open = invoices.data?.find((invoice) => invoice.status === 'open');
  const card = form.field('cardNumber');

  const onSubmit = form.handleSubmit((values) => manage.mutate(values));

  return (
    <Stack>
      <Alert color="red" variant="light" title={t('billing.pastDue.title')}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {open && (
              <Text size="sm">
                {t('billing.manage.openInvoice', {
                  number: open.number,
                  amount: formatMoney(open.amount, open.currency, i18n.language),
                  date: formatDate(open.createdAt, i18n.language),
                })}
              </Text>
            )}
            <FormErrorAlert error={manage.error} />
            <Group align="flex-start" gap="sm">
              <TextInput
                label={t('billing.card.number')}
                description={t('billing.manage.payHint', { number: formatCardNumber(TEST_CARDS.success) })}
                inputMode="numeric"
                autoComplete="cc-number"
                required
                miw={260}
                {...card}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  event.target.value = formatCardNumber(event.target.value);
                  return card.onChange(event);
                }}
              />
            </Group>
            <Group>
              <Button type="submit" color="red" loading={manage.isPending}>
                {t('billing.manage.payInvoice')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Alert>
      {open && <PixInvoicePayment invoice={open} onPaid={onPaid} />}
    </Stack>
  );
}
