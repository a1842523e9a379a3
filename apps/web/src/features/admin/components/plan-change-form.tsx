import { type AdminCustomer, staffPlanRequestSchema } from '@cotacep/shared/admin-schemas';
import { PLAN_IDS } from '@cotacep/shared/plans';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useChangePlan } from '../api/change-plan.ts';
import { ReasonField } from './reason-field.tsx';

type PlanChangeFormProps = { customer: AdminCustomer; onDone: () => void };

/** Another plan for the customer, at once (refused while a paid subscription decides the plan). */
export function PlanChangeForm({ customer, onDone }: PlanChangeFormProps) {
  const { t } = useTranslation();
  const mutation = useChangePlan();
  const { organization } = customer;
  const form = useZodForm(staffPlanRequestSchema, { plan: organization.plan, reason: '' });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { organizationId: organization.id, ...values },
      {
        onSuccess: ({ plan }) => {
          notifySuccess(t('admin.actions.plan.done', { plan: t(`plans.${plan}`) }));
          onDone();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">{t('admin.actions.plan.text', { plan: t(`plans.${organization.plan}`) })}</Text>
        <NativeSelect
          label={t('admin.actions.plan.newPlan')}
          data-autofocus
          data={PLAN_IDS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))}
          {...form.field('plan')}
        />
        <ReasonField field={form.field('reason')} />
        <FailureAlert error={mutation.error} title={t('admin.actions.plan.failed')} />
        <FormActions
          submitLabel={t('admin.actions.plan.submit')}
          isPending={mutation.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
