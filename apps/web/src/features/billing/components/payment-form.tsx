import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { usePayTestCheckout } from '../api/pay-test-checkout.ts';
import { useCreateCheckoutPixCode } from '../api/pix-checkout-code.ts';
import type { PaymentFormControl } from '../lib/use-payment-form.ts';
import { CardFields } from './card-fields.tsx';
import { PixTab } from './pix-tab.tsx';

type PaymentFormProps = { checkout: TestCheckout; form: PaymentFormControl };

/**
 * Card or boleto (BRL only), Pix (a yearly plan in BRL, issue 27), and Pay; the billing details are shown
 * beside the form (issue 27).
 */
export function PaymentForm({ checkout, form }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const pay = usePayTestCheckout(checkout.id);
  const pix = useCreateCheckoutPixCode(checkout.id);
  const method = form.watch('method');
  const amount = formatMoney(checkout.amount, checkout.currency, i18n.language);
  // Pix is no field of the pay request: its tab asks for a code instead. Back from an expired code, it is open.
  const [isPix, setPix] = useState(checkout.pix !== null);
  useEffect(() => {
    // A card or method chosen (a test card from the table too) leaves the Pix tab.
    const watching = form.watch((_values, { name }) => name && setPix(false));
    return () => watching.unsubscribe();
  }, [form]);
  const tab = isPix ? 'pix' : method;

  const onMethod = (value: string | null) => {
    pay.reset();
    pix.reset();
    if (value === 'pix') return setPix(true);
    if (value !== 'card' && value !== 'boleto') return;
    form.setValue('method', value);
    form.clearErrors();
  };
  const onSubmit = isPix
    ? (event: FormEvent) => {
        event.preventDefault();
        pix.mutate();
      }
    : form.handleSubmit((values) => pay.mutate(values));
  const submitLabel = isPix
    ? t(checkout.pix ? 'billing.pix.newCode' : 'billing.pix.generate')
    : method === 'card'
      ? t('billing.checkout.pay', { amount })
      : t('billing.boleto.generate');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('billing.checkout.formLabel')}>
      <Stack gap="lg">
        {checkout.paymentMethods.includes('boleto') ? (
          <Tabs value={tab} onChange={onMethod}>
            <Tabs.List>
              <Tabs.Tab value="card">{t('billing.method.card')}</Tabs.Tab>
              <Tabs.Tab value="boleto">{t('billing.method.boleto')}</Tabs.Tab>
              {checkout.paymentMethods.includes('pix') && (
                <Tabs.Tab value="pix">{t('billing.method.pix')}</Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="card" pt="md">
              <CardFields form={form} />
            </Tabs.Panel>
            <Tabs.Panel value="boleto" pt="md">
              <Text size="sm" c="dimmed">
                {t('billing.boleto.intro')}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="pix" pt="md">
              <PixTab checkout={checkout} />
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
        {checkout.currency === 'BRL' && !checkout.paymentMethods.includes('pix') && (
          // Issue 27: why this checkout has no Pix.
          <Text size="xs" c="dimmed">
            {t('billing.pix.yearlyOnly')}
          </Text>
        )}
        <FormErrorAlert error={isPix ? pix.error : pay.error} />
        <Button type="submit" size="md" loading={pay.isPending || pix.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
