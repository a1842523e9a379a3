import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BillingDetailsFormControl } from '../lib/use-billing-details-form.ts';
import { BELOW_INPUT, BrazilianAddressFields } from './billing-details-address.tsx';
import { BillingEmailsFields } from './billing-details-emails.tsx';

// The countries a customer of a Brazilian API is most likely billed in; Brazil first.
const COUNTRIES = ['BR', 'US', 'PT', 'AR', 'CL', 'CO', 'MX', 'UY', 'PY', 'CA', 'GB', 'DE', 'ES', 'FR'];

type FieldsProps = { form: BillingDetailsFormControl };

/**
 * Who the invoices and notas name (issue 27). The country comes first and decides the rest (decision 027):
 * in Brazil the legal name, CPF or CNPJ, registrations and the address from the CEP; elsewhere an optional
 * tax id and the address as the country writes it. Then the e-mails that receive them.
 */
export function BillingDetailsFields({ form }: FieldsProps) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const countries = COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  const isBrazil = form.watch('country') === BRAZIL;

  return (
    <Stack gap="sm">
      {/* Controlled: the fields below follow the choice at once. */}
      <Controller
        control={form.control}
        name="country"
        render={({ field, fieldState }) => (
          <NativeSelect
            label={t('billing.details.country')}
            autoComplete="country"
            required
            data={countries}
            name={field.name}
            ref={field.ref}
            value={field.value ?? BRAZIL}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            error={form.errorText(fieldState.error)}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t(isBrazil ? 'billing.details.legalName' : 'billing.details.name')}
          autoComplete="organization"
          required
          {...form.field('legalName')}
        />
        {isBrazil ? (
          <TextInput
            label={t('billing.details.taxId')}
            description={t('billing.details.taxIdHint')}
            inputWrapperOrder={BELOW_INPUT}
            autoCapitalize="characters"
            spellCheck={false}
            required
            {...form.field('taxId')}
          />
        ) : (
          <TextInput
            label={t('billing.details.taxIdOptional')}
            description={t('billing.details.taxIdAbroadHint')}
            inputWrapperOrder={BELOW_INPUT}
            {...form.field('taxId')}
          />
        )}
      </SimpleGrid>
      {isBrazil ? <BrazilianFields form={form} /> : <AddressAbroadFields form={form} />}
      <BillingEmailsFields form={form} />
    </Stack>
  );
}

/** The registrations (optional), then the address that the CEP fills in. */
function BrazilianFields({ form }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.stateRegistration')}
          description={t('billing.details.stateRegistrationHint')}
          inputWrapperOrder={BELOW_INPUT}
          autoCapitalize="characters"
          {...form.field('stateRegistration')}
        />
        <TextInput
          label={t('billing.details.municipalRegistration')}
          {...form.field('municipalRegistration')}
        />
      </SimpleGrid>
      <BrazilianAddressFields form={form} />
    </>
  );
}

/** Street, city, state or region and the postal code, as most countries write them. */
function AddressAbroadFields({ form }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('billing.details.addressLine')}
        autoComplete="street-address"
        required
        {...form.field('street')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label={t('billing.details.city')}
          autoComplete="address-level2"
          required
          {...form.field('city')}
        />
        <TextInput
          label={t('billing.details.region')}
          autoComplete="address-level1"
          required
          {...form.field('state')}
        />
        <TextInput
          label={t('billing.details.postalCode')}
          autoComplete="postal-code"
          required
          {...form.field('postalCode')}
        />
      </SimpleGrid>
    </>
  );
}
