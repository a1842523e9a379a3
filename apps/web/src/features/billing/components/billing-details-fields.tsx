import { NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentFormControl } from '../lib/use-payment-form.ts';

// The countries a customer of a Brazilian API is most likely billed in; Brazil first.
const COUNTRIES = ['BR', 'US', 'PT', 'AR', 'CL', 'CO', 'MX', 'UY', 'PY', 'CA', 'GB', 'DE', 'ES', 'FR'];

/** Who the invoice names (a boleto needs them): name, CPF or CNPJ, address. */
export function BillingDetailsFields({ form }: { form: PaymentFormControl }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const countries = COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('billing.details.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.name')}
          autoComplete="name"
          required
          {...form.field('billingDetails.name')}
        />
        <TextInput label={t('fields.taxId')} required {...form.field('billingDetails.taxId')} />
      </SimpleGrid>
      <TextInput
        label={t('billing.details.addressLine')}
        autoComplete="street-address"
        required
        {...form.field('billingDetails.addressLine')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.city')}
          autoComplete="address-level2"
          required
          {...form.field('billingDetails.city')}
        />
        <TextInput
          label={t('billing.details.state')}
          autoComplete="address-level1"
          required
          {...form.field('billingDetails.state')}
        />
        <TextInput
          label={t('billing.details.postalCode')}
          autoComplete="postal-code"
          required
          {...form.field('billingDetails.postalCode')}
        />
        <NativeSelect
          label={t('billing.details.country')}
          autoComplete="country"
          data={countries}
          {...form.field('billingDetails.country')}
        />
      </SimpleGrid>
    </Stack>
  );
}
