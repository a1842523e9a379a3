import { BRAZILIAN_STATES } from '@cotacep/shared/billing-details-schemas';
import { normalizeCep } from '@cotacep/shared/cep';
import { Grid, Loader, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCepLookup } from '../api/lookup-cep.ts';
import type { BillingDetailsFormControl } from '../lib/use-billing-details-form.ts';

// Hints under their input, so the inputs of a row stay level.
export const BELOW_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/**
 * In Brazil the CEP comes first: Cotacep's own CEP API fills the street, district, city, UF and the
 * municipality's IBGE code (the nota's tomador needs it). A CEP it does not know leaves the address to type.
 */
export function BrazilianAddressFields({ form }: { form: BillingDetailsFormControl }) {
  const { t, i18n } = useTranslation();
  const cep = form.watch('postalCode') ?? '';
  const cityCode = form.watch('cityCode');
  const lookup = useCepLookup(cep, i18n.language, true);
  // A CEP already saved keeps its saved address (with its number); only a CEP typed here fills it in.
  const savedCep = useRef(normalizeCep(cep));
  const isTyped = normalizeCep(cep) !== null && normalizeCep(cep) !== savedCep.current;
  const answer = isTyped ? lookup.data : undefined;

  useEffect(() => {
    if (!answer) return;
    if (answer.kind !== 'found') {
      // The code of the CEP typed before would name another city.
      form.setValue('cityCode', '');
      return;
    }
    const { address } = answer;
    const options = { shouldValidate: true, shouldDirty: true };
    // A CEP of a whole municipality has no street or district: what was typed stays.
    if (address.address) form.setValue('street', address.address, options);
    if (address.district) form.setValue('district', address.district, options);
    form.setValue('city', address.city, options);
    form.setValue('state', address.state, options);
    form.setValue('cityCode', address.city_ibge, { shouldDirty: true });
  }, [answer, form.setValue]);

  const isLooking = isTyped && lookup.isFetching;
  const status = isLooking
    ? t('billing.details.cepLooking')
    : answer && t(`billing.details.cep.${answer.kind}`);
  const city = form.field('city');
  const ufs = [
    { value: '', label: t('billing.details.ufPlaceholder') },
    ...BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf })),
  ];

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
          {...form.field('postalCode')}
        />
      </SimpleGrid>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 8 }}>
          <TextInput
            label={t('billing.details.street')}
            autoComplete="address-line1"
            required
            {...form.field('street')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput
            label={t('billing.details.number')}
            description={t('billing.details.numberHint')}
            inputWrapperOrder={BELOW_INPUT}
            required
            {...form.field('number')}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.complement')}
          autoComplete="address-line2"
          {...form.field('complement')}
        />
        <TextInput label={t('billing.details.district')} required {...form.field('district')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('billing.details.city')}
          autoComplete="address-level2"
          required
          description={cityCode ? t('billing.details.cityCode', { code: cityCode }) : undefined}
          inputWrapperOrder={BELOW_INPUT}
          {...city}
          onChange={async (event) => {
            await city.onChange(event);
            // A city typed by hand is not the one the CEP's IBGE code names.
            form.setValue('cityCode', '');
          }}
        />
        {/* Controlled, as the country: the CEP sets it, and the saved UF shows at once. */}
        <Controller
          control={form.control}
          name="state"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={t('billing.details.uf')}
              autoComplete="address-level1"
              required
              data={ufs}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={form.errorText(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}
