import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { normalizeCep } from '@cotacep/shared/cep';
import { Loader, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCepLookup } from '../api/lookup-cep.ts';
import type { PaymentFormControl } from '../lib/use-payment-form.ts';

// The countries a customer of a Brazilian API is most likely billed in; Brazil first.
const COUNTRIES = ['BR', 'US', 'PT', 'AR', 'CL', 'CO', 'MX', 'UY', 'PY', 'CA', 'GB', 'DE', 'ES', 'FR'];

type FieldsProps = { form: PaymentFormControl };

// Hints under their input, so the inputs of a row stay level.
const BELOW_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/**
 * Who the invoice names. The country comes first and decides the rest (decision 027): in Brazil a CPF or
 * CNPJ and the address from the CEP; elsewhere an optional tax id and the address as the country writes it.
 */
export function BillingDetailsFields({ form }: FieldsProps) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const countries = [
    { value: '', label: t('billing.details.countryPlaceholder') },
    ...COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })),
  ];
  const country = form.watch('billingDetails.country');
  const isBrazil = country === BRAZIL;

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('billing.details.title')}
      </Title>
      {/* Controlled: the fields below follow the choice at once. */}
      <Controller
        control={form.control}
        name="billingDetails.country"
        render={({ field, fieldState }) => (
          <NativeSelect
            label={t('billing.details.country')}
            autoComplete="country"
            required
            data={countries}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            error={form.errorText(fieldState.error)}
          />
        )}
      />
      {country && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('billing.details.name')}
              autoComplete="name"
              required
              {...form.field('billingDetails.name')}
            />
            {isBrazil ? (
              <TextInput label={t('fields.taxId')} required {...form.field('billingDetails.taxId')} />
            ) : (
              <TextInput
                label={t('billing.details.taxIdOptional')}
                description={t('billing.details.taxIdHint')}
                inputWrapperOrder={BELOW_INPUT}
                {...form.field('billingDetails.taxId')}
              />
            )}
          </SimpleGrid>
          {isBrazil ? <BrazilianAddress form={form} /> : <AddressFields form={form} />}
        </>
      )}
    </Stack>
  );
}

/** Street, city and state; outside Brazil the postal code follows them, as most countries write it. */
function AddressFields({ form, hasPostalCode = true }: FieldsProps & { hasPostalCode?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
        {hasPostalCode && (
          <TextInput
            label={t('billing.details.postalCode')}
            autoComplete="postal-code"
            required
            {...form.field('billingDetails.postalCode')}
          />
        )}
      </SimpleGrid>
    </>
  );
}

/** In Brazil the CEP comes first: Cotacep's own CEP API fills the street, city and state from it. */
function BrazilianAddress({ form }: FieldsProps) {
  const { t, i18n } = useTranslation();
  const cep = form.watch('billingDetails.postalCode') ?? '';
  const lookup = useCepLookup(cep, i18n.language, true);
  // A CEP already saved keeps its saved address (with its number); only a CEP typed here fills it in.
  const savedCep = useRef(normalizeCep(cep));
  const isTyped = normalizeCep(cep) !== null && normalizeCep(cep) !== savedCep.current;
  const answer = isTyped ? lookup.data : undefined;
  const found = answer?.kind === 'found' ? answer.address : undefined;

  useEffect(() => {
    if (!found) return;
    const options = { shouldValidate: true, shouldDirty: true };
    if (found.address) form.setValue('billingDetails.addressLine', found.address, options);
    form.setValue('billingDetails.city', found.city, options);
    form.setValue('billingDetails.state', found.state, options);
  }, [found, form.setValue]);

  const isLooking = isTyped && lookup.isFetching;
  const status = isLooking
    ? t('billing.details.cepLooking')
    : answer && t(`billing.details.cep.${answer.kind}`);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.cep.label')}
          autoComplete="postal-code"
          inputMode="numeric"
          required
          description={status}
          inputWrapperOrder={BELOW_INPUT}
          rightSection={isLooking ? <Loader size="xs" /> : null}
          {...form.field('billingDetails.postalCode')}
        />
      </SimpleGrid>
      <AddressFields form={form} hasPostalCode={false} />
    </>
  );
}
