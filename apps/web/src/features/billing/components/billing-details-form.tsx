import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { useSaveBillingDetails } from '../api/save-billing-details.ts';
import { useBillingDetailsForm } from '../lib/use-billing-details-form.ts';
import { BillingDetailsFields } from './billing-details-fields.tsx';

type BillingDetailsFormProps = {
  saved: BillingDetails | null;
  /** The first address for invoices when nothing is saved yet (who is buying). */
  email?: string;
  onSaved?: (saved: BillingDetails) => void;
  /** Given, a Cancel button leaves the form (editing details already saved). */
  onCancel?: () => void;
};

/** Edits the whole set of billing details and saves it through `PUT billing/details`. */
export function BillingDetailsForm({ saved, email, onSaved, onCancel }: BillingDetailsFormProps) {
  const { t } = useTranslation();
  const form = useBillingDetailsForm(saved, email);
  const save = useSaveBillingDetails();
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (details) => {
        notifySuccess(t('billing.details.saved'));
        onSaved?.(details);
      },
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A line added and left empty is dropped, as long as one address remains.
    const emails = form.getValues('emails');
    const filled = emails.filter((email) => email.trim());
    if (filled.length > 0 && filled.length < emails.length) form.setValue('emails', filled);
    return submit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('billing.details.title')}>
      <Stack>
        <BillingDetailsFields form={form} />
        <FormErrorAlert error={save.error} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('billing.details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
