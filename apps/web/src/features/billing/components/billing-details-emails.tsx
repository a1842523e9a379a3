import { MAX_BILLING_EMAILS } from '@cotacep/shared/billing-details-schemas';
import { Button, CloseButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#web/i18n/translate-message.ts';
import type { BillingDetailsFormControl } from '../lib/use-billing-details-form.ts';

/** One to three addresses that receive the invoices and notas: added and removed here, one per line. */
export function BillingEmailsFields({ form }: { form: BillingDetailsFormControl }) {
  const { t } = useTranslation();
  const labelId = useId();
  const emails = form.watch('emails') ?? [];
  // The list's own message (none, or more than three); each address carries its own under its input.
  const listMessage = form.formState.errors.emails?.message;
  const listError = listMessage ? translateMessage(t, listMessage) : undefined;
  const revalidate = { shouldValidate: form.formState.isSubmitted };
  const onAdd = () => form.setValue('emails', [...emails, ''], revalidate);
  const onRemove = (index: number) =>
    form.setValue(
      'emails',
      emails.filter((_, at) => at !== index),
      revalidate,
    );

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <div>
        <Input.Label id={labelId} required>
          {t('billing.details.emails')}
        </Input.Label>
        <Input.Description>{t('billing.details.emailsHint')}</Input.Description>
      </div>
      {emails.map((_, index) => {
        const number = index + 1;
        return (
          // Lines are the list's places: removing one moves the next up into it.
          // biome-ignore lint/suspicious/noArrayIndexKey: an address may be typed twice (then refused), so it is no key.
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <Controller
              control={form.control}
              name={`emails.${index}`}
              render={({ field, fieldState }) => (
                <TextInput
                  aria-label={t('billing.details.email', { number })}
                  type="email"
                  autoComplete={index === 0 ? 'email' : 'off'}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  onBlur={field.onBlur}
                  error={form.errorText(fieldState.error)}
                  style={{ flex: 1, minWidth: 0 }}
                />
              )}
            />
            {emails.length > 1 && (
              <CloseButton
                mt={4}
                aria-label={t('billing.details.removeEmail', { number })}
                onClick={() => onRemove(index)}
              />
            )}
          </Group>
        );
      })}
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      {emails.length < MAX_BILLING_EMAILS && (
        <Group>
          <Button variant="light" size="compact-sm" onClick={onAdd}>
            {t('billing.details.addEmail')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
