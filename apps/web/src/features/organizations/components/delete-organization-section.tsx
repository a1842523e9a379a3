import type { Organization } from '@cotacep/shared/organization-schemas';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useReturnToDefaultOrganization } from '#web/lib/organization/use-switch-organization.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';

type DeleteOrganizationSectionProps = { organization: Organization };

/** The danger zone: an Owner deletes the organization after typing its name. */
export function DeleteOrganizationSection({ organization }: DeleteOrganizationSectionProps) {
  const { t } = useTranslation();
  const permission = usePermission('organization.delete');
  const mutation = useDeleteOrganization();
  const returnToDefault = useReturnToDefaultOrganization();
  const [isConfirming, confirming] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const isNameTyped = typed.trim() === organization.name;
  const onClose = () => {
    mutation.reset();
    setTyped('');
    confirming.close();
  };
  const onDelete = () =>
    mutation.mutate(organization.id, {
      onSuccess: () => {
        onClose();
        notifySuccess(t('organizations.delete.done', { organization: organization.name }));
        void returnToDefault(organization.id);
      },
    });

  return (
    <SettingsSection
      id="organization-danger-zone"
      title={t('organizations.delete.title')}
      description={t('organizations.delete.description')}
    >
      <Stack gap="xs">
        <Group justify="flex-end">
          <Button
            color="red.9"
            variant="outline"
            onClick={confirming.open}
            disabled={!permission.isAllowed}
            {...reasonProps(permission)}
          >
            {t('organizations.delete.open')}
          </Button>
        </Group>
        <DeniedReason permission={permission} />
      </Stack>
      <ConfirmDeleteDialog
        opened={isConfirming}
        title={t('organizations.delete.confirmTitle', { organization: organization.name })}
        failureTitle={t('organizations.delete.failed')}
        error={mutation.error}
        isPending={mutation.isPending}
        deleteLabel={t('organizations.delete.submit')}
        isBlocked={!isNameTyped}
        onClose={onClose}
        onDelete={onDelete}
      >
        <Text size="sm">{t('organizations.delete.confirmText')}</Text>
        <TextInput
          label={t('organizations.delete.typeName', { organization: organization.name })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      </ConfirmDeleteDialog>
    </SettingsSection>
  );
}
