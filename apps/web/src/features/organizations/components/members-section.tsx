import type { Member, Organization } from '@cotacep/shared/organization-schemas';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useSession } from '#web/lib/session/session-store.ts';
import { useMembers } from '../api/get-members.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { MemberRow } from './member-row.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

type MembersSectionProps = { organization: Organization };

/** Who is in the organization, with their role and last sign-in; change role, remove, leave. */
export function MembersSection({ organization }: MembersSectionProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const manage = usePermission('members.manage');
  const members = useMembers(organization.id);
  const roleChange = useUpdateMember();
  const [removing, setRemoving] = useState<Member | null>(null);

  const onRoleChange = (member: Member, role: Member['role']) =>
    roleChange.mutate({ organizationId: organization.id, userId: member.userId, changes: { role } });

  return (
    <SettingsSection
      id="organization-members"
      title={t('organizations.members.title')}
      description={t('organizations.members.description')}
    >
      <Stack gap="sm">
        <DeniedReason permission={manage} />
        <FormErrorAlert error={members.error} />
        <FailureAlert error={roleChange.error} title={t('organizations.members.roleFailed')} />
        {members.isPending && <Skeleton h={64} />}
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {members.data?.items.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              myRole={organization.role}
              isMe={member.userId === user?.sub}
              isTwoFactorRequired={organization.requireTwoFactor}
              manage={manage}
              isSaving={roleChange.isPending && roleChange.variables.userId === member.userId}
              onRoleChange={(role) => onRoleChange(member, role)}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </Stack>
      </Stack>
      <RemoveMemberDialog
        organization={organization}
        member={removing}
        isMe={removing?.userId === user?.sub}
        onClose={() => setRemoving(null)}
      />
    </SettingsSection>
  );
}
