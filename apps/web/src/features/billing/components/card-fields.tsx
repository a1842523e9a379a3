import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCardNumber, formatCvc, formatExpiry } from '../lib/card-format.ts';
import type { PaymentFormControl } from '../lib/use-payment-form.ts';

type Formatter = (value: string) => string;

/** Card number, expiry and CVC, formatted as they are typed. */
export function CardFields({ form }: { form: PaymentFormControl }) {
  const { t } = useTranslation();
  // The field shows the formatted value; the shared schema strips the spaces again.
  const formatted = (name: 'cardNumber' | 'expiry' | 'cvc', format: Formatter) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = format(event.target.value);
        return field.onChange(event);
      },
    };
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('billing.card.number')}
        placeholder="4242 4242 4242 4242"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        {...formatted('cardNumber', formatCardNumber)}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('billing.card.expiry')}
          placeholder={t('billing.card.expiryPlaceholder')}
          inputMode="numeric"
          autoComplete="cc-exp"
          required
          {...formatted('expiry', formatExpiry)}
        />
        <TextInput
          label={t('billing.card.cvc')}
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          {...formatted('cvc', formatCvc)}
        />
      </SimpleGrid>
    </Stack>
  );
}
