import { hasBrazilianTaxId } from '@cotacep/shared/billing-details-schemas';
import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Button, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useCancelTestCheckout } from '../api/cancel-test-checkout.ts';
import { useBillingDetails } from '../api/get-billing-details.ts';
import { useTestCheckout } from '../api/get-test-checkout.ts';
import { formatCardNumber } from '../lib/card-format.ts';
import { usePaymentForm } from '../lib/use-payment-form.ts';
import { BoletoPanel } from './boleto-panel.tsx';
import classes from './checkout.module.css';
import { CheckoutBillingDetails } from './checkout-billing-details.tsx';
import { CheckoutOutcome } from './checkout-outcome.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentForm } from './payment-form.tsx';
import { PixCheckoutSection } from './pix-checkout-section.tsx';
import { TestCardsTable } from './test-cards-table.tsx';
import { TestModeBanner } from './test-mode-banner.tsx';

/** Any future date and any CVC do, as with Stripe's test cards. */
const TEST_EXPIRY = '12/34';
const TEST_CVC = '123';

function OpenCheckout({ checkout }: { checkout: TestCheckout }) {
  const { t } = useTranslation();
  const form = usePaymentForm();
  const cancel = useCancelTestCheckout(checkout.id);
  const details = useBillingDetails();
  const saved = details.data ?? null;
  // Reais need a CPF or CNPJ (the server says so too); dollars need the details saved first.
  const canPay =
    details.isRead && saved !== null && (checkout.currency !== 'BRL' || hasBrazilianTaxId(saved));
  const isPending = checkout.status === 'pending';
  const onUseCard = (number: string) => {
    form.setValue('method', 'card');
    form.setValue('cardNumber', formatCardNumber(number));
    if (!form.getValues('expiry')) form.setValue('expiry', TEST_EXPIRY);
    if (!form.getValues('cvc')) form.setValue('cvc', TEST_CVC);
  };

  return (
    <div className={classes.layout}>
      <div className={classes.summary}>
        <OrderSummary checkout={checkout} />
      </div>
      <Stack className={classes.payment}>
        <FormErrorAlert error={details.error} />
        {details.isRead && <CheckoutBillingDetails checkout={checkout} saved={saved} canPay={canPay} />}
        {isPending && checkout.boleto ? (
          <BoletoPanel checkout={checkout} boleto={checkout.boleto} />
        ) : isPending && checkout.pix ? (
          <PixCheckoutSection checkout={checkout} />
        ) : (
          canPay && (
            <SettingsSection title={t('billing.checkout.paymentTitle')}>
              <PaymentForm checkout={checkout} form={form} />
            </SettingsSection>
          )
        )}
        {/* An issued boleto waits for the bank: only its expiry closes it. */}
        {!isPending && (
          <>
            <FormErrorAlert error={cancel.error} />
            <Group justify="center">
              <Button
                variant="subtle"
                color="gray"
                onClick={() => cancel.mutate()}
                loading={cancel.isPending}
              >
                {t('billing.checkout.cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      {!isPending && (
        <div className={classes.cards}>
          <TestCardsTable onUse={onUseCard} />
        </div>
      )}
    </div>
  );
}

/** `/billing/checkout/:id`: test mode's checkout page, standing in for Stripe Checkout. */
export function TestCheckoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const checkout = useTestCheckout(id);
  const status = checkout.data?.status;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <TestModeBanner />
        <PageHeader title={t('billing.checkout.title')} description={t('billing.checkout.description')} />
        <FormErrorAlert error={checkout.error} />
        {checkout.isPending && <PageLoader />}
        {(status === 'complete' || status === 'expired') && <CheckoutOutcome status={status} />}
        {checkout.data && (status === 'open' || status === 'pending') && (
          <OpenCheckout checkout={checkout.data} />
        )}
      </Stack>
    </Container>
  );
}
