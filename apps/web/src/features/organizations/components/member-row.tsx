import type { Member } from '@cotacep/shared/organization-schemas';
import { assignableRoles, type Role } from '@cotacep/shared/roles';
import { Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonProps } from '#web/components/permission/denied-reason.tsx';
import { formatAge } from '#web/lib/format/format-age.ts';
import type { PermissionState } from '#web/lib/organization/use-permission.ts';
import { ListRow } from './list-row.tsx';
import { TwoFactorBadge } from './two-factor-badge.tsx';

type MemberRowProps = {
  member: Member;
  myRole: Role;
  isMe: boolean;
  /** The organization requires two-factor: a member without it stands out. */
  isTwoFactorRequired: boolean;
  /** Whether the caller may manage members, with the reason shown once above the list if not. */
  manage: PermissionState;
  isSaving: boolean;
  onRoleChange: (role: Role) => void;
  onRemove: () => void;
};

/**
 * One member: name, whether they have two-factor, e-mail and last sign-in; the role (a select when the caller
 * may change it); remove or leave.
 */
export function MemberRow({
  member,
  myRole,
  isMe,
  isTwoFactorRequired,
  manage,
  isSaving,
  onRoleChange,
  onRemove,
}: MemberRowProps) {
  const { t, i18n } = useTranslation();
  const ownerOnlyId = useId();
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const assignable = assignableRoles(myRole);
  // An Admin never touches an Owner: the row says so rather than failing on click.
  const isOwnerOnly = manage.isAllowed && !assignable.includes(member.role);
  const canChange = manage.isAllowed && !isOwnerOnly;
  const roles = canChange ? assignable : [member.role];
  const describedBy = reasonProps(manage, isOwnerOnly ? ownerOnlyId : undefined);
  const lastSignIn = member.lastSignInAt
    ? formatAge(Date.now() - new Date(member.lastSignInAt).getTime(), i18n.language)
    : t('organizations.members.neverSignedIn');

  const actions = (
    <>
      <NativeSelect
        aria-label={t('organizations.members.roleOf', { name })}
        value={member.role}
        data={roles.map((role) => ({ value: role, label: t(`organizations.roles.${role}`) }))}
        onChange={(event) => onRoleChange(event.currentTarget.value as Role)}
        disabled={!canChange || isSaving}
        {...describedBy}
        w={160}
      />
      {isMe ? (
        <Button size="xs" variant="light" color="red" onClick={onRemove}>
          {t('organizations.members.leave')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onRemove}
          disabled={!canChange}
          {...describedBy}
          aria-label={t('organizations.members.removeNamed', { name })}
        >
          {t('organizations.members.remove')}
        </Button>
      )}
    </>
  );

  return (
    <ListRow actions={actions}>
      <Group gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        {isMe && <Badge size="xs">{t('organizations.members.you')}</Badge>}
        <TwoFactorBadge hasTwoFactor={member.twoFactor} isRequired={isTwoFactorRequired} />
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
      <Text
        size="xs"
        c="dimmed"
        title={
          member.lastSignInAt
            ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(member.lastSignInAt),
              )
            : undefined
        }
      >
        {t('organizations.members.lastSignIn', { age: lastSignIn })}
      </Text>
      {isOwnerOnly && (
        <Text id={ownerOnlyId} size="xs" c="dimmed">
          {t('organizations.members.ownerOnly')}
        </Text>
      )}
    </ListRow>
  );
}
