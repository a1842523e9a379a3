import type { Member, Organization } from '@cotacep/shared/organization-schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { useReturnToDefaultOrganization } from '#web/lib/organization/use-switch-organization.ts';
import { useDeleteMember } from '../api/delete-member.ts';

type RemoveMemberDialogProps = {
  organization: Organization;
  /** The member to remove; the caller themself to leave. */
  member: Member | null;
  isMe: boolean;
  onClose: () => void;
};

/** "Remove Ana from Acme?" or "Leave Acme?"; the last Owner is told to make someone else Owner first. */
export function RemoveMemberDialog({ organization, member, isMe, onClose }: RemoveMemberDialogProps) {
  const { t } = useTranslation();
  const mutation = useDeleteMember();
  const returnToDefault = useReturnToDefaultOrganization();
  const name = member ? `${member.firstName} ${member.lastName}`.trim() || member.email : '';
  const onDone = () => {
    mutation.reset();
    onClose();
  };
  const onDelete = () => {
    if (!member) return;
    mutation.mutate(
      { organizationId: organization.id, userId: member.userId },
      {
        onSuccess: () => {
          onDone();
          if (!isMe) return;
          notifySuccess(t('organizations.members.left', { organization: organization.name }));
          void returnToDefault(organization.id);
        },
      },
    );
  };

  return (
    <ConfirmDeleteDialog
      opened={member !== null}
      title={
        isMe
          ? t('organizations.members.leaveTitle', { organization: organization.name })
          : t('organizations.members.removeTitle', { name })
      }
      failureTitle={t(isMe ? 'organizations.members.leaveFailed' : 'organizations.members.removeFailed')}
      error={mutation.error}
      isPending={mutation.isPending}
      deleteLabel={t(isMe ? 'organizations.members.leave' : 'organizations.members.remove')}
      onClose={onDone}
      onDelete={onDelete}
    >
      <Text size="sm">
        {isMe
          ? t('organizations.members.leaveText', { organization: organization.name })
          : t('organizations.members.removeText', { name, organization: organization.name })}
      </Text>
    </ConfirmDeleteDialog>
  );
}
