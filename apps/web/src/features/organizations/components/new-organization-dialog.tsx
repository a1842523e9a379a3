import { organizationRequestSchema } from '@cotacep/shared/organization-schemas';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { useSwitchOrganization } from '#web/lib/organization/use-switch-organization.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

type NewOrganizationDialogProps = { opened: boolean; onClose: () => void };

/** "New organization": a name; it starts on Free with the user as Owner, and the tab switches to it. */
export function NewOrganizationDialog({ opened, onClose }: NewOrganizationDialogProps) {
  const { t } = useTranslation();
  const mutation = useCreateOrganization();
  const switchTo = useSwitchOrganization();
  const form = useZodForm(organizationRequestSchema, { name: '' });
  const onDone = () => {
    mutation.reset();
    form.reset({ name: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (created) => {
        notifySuccess(t('organizations.create.done', { organization: created.name }));
        onDone();
        void switchTo(created.id);
      },
    }),
  );

  return (
    <AppDialog opened={opened} onClose={onDone} title={t('organizations.create.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FailureAlert error={mutation.error} title={t('organizations.create.failed')} />
          <Text size="sm">{t('organizations.create.text')}</Text>
          <TextInput
            label={t('organizations.settings.name')}
            {...form.field('name')}
            required
            data-autofocus
          />
          <FormActions submitLabel={t('actions.create')} isPending={mutation.isPending} onCancel={onDone} />
        </Stack>
      </form>
    </AppDialog>
  );
}
