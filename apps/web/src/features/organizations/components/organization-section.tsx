import { type Organization, organizationRequestSchema } from '@cotacep/shared/organization-schemas';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { SeatsLine } from './seats-line.tsx';

type OrganizationSectionProps = { organization: Organization };

/** The organization's name (editable with `organization.update`), its plan and its seats. */
export function OrganizationSection({ organization }: OrganizationSectionProps) {
  const { t } = useTranslation();
  const rename = usePermission('organization.update');
  const mutation = useUpdateOrganization();
  const form = useZodForm(organizationRequestSchema, { name: organization.name });
  const onSubmit = form.handleSubmit((changes) =>
    mutation.mutate(
      { id: organization.id, changes },
      {
        onSuccess: (saved) => {
          form.reset({ name: saved.name });
          notifySuccess(t('messages.savedSuccessfully'));
        },
      },
    ),
  );

  return (
    <SettingsSection
      id="organization-settings"
      title={t('organizations.settings.title')}
      description={t('organizations.settings.description', { plan: t(`plans.${organization.plan}`) })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormErrorAlert error={mutation.error} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('organizations.settings.name')}
              {...form.field('name')}
              disabled={!rename.isAllowed}
              {...reasonProps(rename)}
              required
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" loading={mutation.isPending} disabled={!rename.isAllowed}>
              {t('actions.save')}
            </Button>
          </Group>
          <DeniedReason permission={rename} />
          <Text size="sm">
            <SeatsLine seats={organization.seats} />
          </Text>
        </Stack>
      </form>
    </SettingsSection>
  );
}
