import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { usePayTestCheckout } from '../api/pay-test-checkout.ts';
import type { PaymentFormControl } from '../lib/use-payment-form.ts';
import { BillingDetailsFields } from './billing-details-fields.tsx';
import { CardFields } from './card-fields.tsx';

type PaymentFormProps = { checkout: TestCheckout; form: PaymentFormControl };

/** Card or boleto (BRL only), the billing details, and Pay. */
export function PaymentForm({ checkout, form }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const pay = usePayTestCheckout(checkout.id);
  const method = form.watch('method');
  const amount = formatMoney(checkout.amount, checkout.currency, i18n.language);

  const onMethod = (value: string | null) => {
    if (value !== 'card' && value !== 'boleto') return;
    form.setValue('method', value);
    form.clearErrors();
    pay.reset();
  };
  const onSubmit = form.handleSubmit((values) => pay.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('billing.checkout.formLabel')}>
      <Stack gap="lg">
        {checkout.paymentMethods.includes('boleto') ? (
          <Tabs value={method} onChange={onMethod}>
            <Tabs.List>
              <Tabs.Tab value="card">{t('billing.method.card')}</Tabs.Tab>
              <Tabs.Tab value="boleto">{t('billing.method.boleto')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="card" pt="md">
              <CardFields form={form} />
            </Tabs.Panel>
            <Tabs.Panel value="boleto" pt="md">
              <Text size="sm" c="dimmed">
                {t('billing.boleto.intro')}
              </Text>
            </Tabs.Panel>
          </Tabs>
        ) : (
          // One method: a tab bar with one tab would offer a choice there is not.
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('billing.method.card')}
            </Title>
            <CardFields form={form} />
          </Stack>
        )}
        <BillingDetailsFields form={form} />
        <FormErrorAlert error={pay.error} />
        <Button type="submit" size="md" loading={pay.isPending} fullWidth>
          {method === 'card' ? t('billing.checkout.pay', { amount }) : t('billing.boleto.generate')}
        </Button>
      </Stack>
    </form>
  );
}
