import { changeEmailRequestSchema, changePhoneRequestSchema } from '@cotacep/shared/account-schemas';
import type { CodeSentResponse } from '@cotacep/shared/auth-responses';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { type ContactKind, useRequestContactChange } from '../api/change-contact.ts';

// The request schemas' own fields, under one name so one form serves both kinds.
const SCHEMAS = {
  email: z.object({ value: changeEmailRequestSchema.shape.email }),
  phone: z.object({ value: changePhoneRequestSchema.shape.phone }),
};
const FIELD_ERRORS: FieldErrorCodes<{ value: string }> = { UsernameExists: 'value' };

type ContactValueStepProps = {
  kind: ContactKind;
  initialValue: string;
  onSent: (value: string, sent: CodeSentResponse) => void;
  onCancel: () => void;
};

/** The new e-mail or phone number; the server sends a code to it. */
export function ContactValueStep({ kind, initialValue, onSent, onCancel }: ContactValueStepProps) {
  const { t } = useTranslation();
  const mutation = useRequestContactChange(kind);
  const form = useZodForm(SCHEMAS[kind], { value: initialValue });

  const onSubmit = form.handleSubmit(({ value }) =>
    mutation.mutate(kind === 'email' ? { email: value } : { phone: value }, {
      onSuccess: (sent) => onSent(value, sent),
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t(`account.contact.${kind}.intro`)}
        </Text>
        <FormErrorAlert error={isFieldError(mutation.error, FIELD_ERRORS) ? null : mutation.error} />
        <TextInput
          label={t(`account.contact.${kind}.newLabel`)}
          description={kind === 'phone' ? t('account.contact.phone.hint') : undefined}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          {...form.field('value')}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('account.contact.sendCode')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
