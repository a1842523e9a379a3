import { type AdminCustomer, quotaGrantRequestSchema } from '@cotacep/shared/admin-schemas';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useGrantQuota } from '../api/grant-quota.ts';
import { ReasonField } from './reason-field.tsx';

type QuotaGrantFormProps = { customer: AdminCustomer; onDone: () => void };

/** Extra requests for the customer's current period, on top of the plan's quota, enforced at once. */
export function QuotaGrantForm({ customer, onDone }: QuotaGrantFormProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const mutation = useGrantQuota();
  const { quota, organization } = customer;
  const form = useZodForm(quotaGrantRequestSchema, { extraRequests: '' as unknown as number, reason: '' });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { organizationId: organization.id, ...values },
      {
        onSuccess: ({ grant }) => {
          notifySuccess(t('admin.actions.grant.done', { extra: number.format(grant.extraRequests) }));
          onDone();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">
          {t('admin.actions.grant.text', {
            period: quota.period,
            used: number.format(quota.used),
            limit: number.format(quota.limit),
          })}
        </Text>
        <TextInput
          label={t('admin.actions.grant.extra')}
          description={t('admin.actions.grant.extraHint')}
          inputMode="numeric"
          data-autofocus
          withAsterisk
          {...form.field('extraRequests')}
        />
        <ReasonField field={form.field('reason')} />
        <FailureAlert error={mutation.error} title={t('admin.actions.grant.failed')} />
        <FormActions
          submitLabel={t('admin.actions.grant.submit')}
          isPending={mutation.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
