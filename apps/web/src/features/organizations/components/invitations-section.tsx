import type { Invitation, Organization } from '@cotacep/shared/organization-schemas';
import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { type PermissionState, usePermission } from '#web/lib/organization/use-permission.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { InviteForm } from './invite-form.tsx';
import { ListRow } from './list-row.tsx';

type InvitationsSectionProps = { organization: Organization };

/** The invite form and the pending invitations, each with resend and revoke. */
export function InvitationsSection({ organization }: InvitationsSectionProps) {
  const { t } = useTranslation();
  const manage = usePermission('members.manage');
  // Only managers may read the pending list; the others see the form disabled with the reason.
  const invitations = useInvitations(organization.id, { isEnabled: manage.isAllowed });
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const items = invitations.data?.items ?? [];
  const target = (invitation: Invitation) => ({
    organizationId: organization.id,
    invitationId: invitation.id,
  });

  return (
    <SettingsSection
      id="organization-invitations"
      title={t('organizations.invitations.title')}
      description={t('organizations.invitations.description')}
    >
      <Stack>
        <InviteForm organization={organization} manage={manage} />
        <DeniedReason permission={manage} />
        {/* The pending list is for those who manage members; the others see the reason above. */}
        {manage.isAllowed && (
          <Title order={3} fz="md" mt="sm">
            {t('organizations.invitations.pendingTitle')}
          </Title>
        )}
        <FormErrorAlert error={invitations.error} />
        <FailureAlert
          error={resend.error ?? revoke.error}
          title={t(
            resend.error
              ? 'organizations.invitations.resendFailed'
              : 'organizations.invitations.revokeFailed',
          )}
        />
        {manage.isAllowed && invitations.isPending && <Skeleton h={48} />}
        {invitations.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('organizations.invitations.none')}
          </Text>
        )}
        {items.length > 0 && (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                manage={manage}
                isResending={resend.isPending && resend.variables.invitationId === invitation.id}
                isRevoking={revoke.isPending && revoke.variables.invitationId === invitation.id}
                onResend={() =>
                  resend.mutate(target(invitation), {
                    onSuccess: () =>
                      notifySuccess(t('organizations.invitations.resent', { email: invitation.email })),
                  })
                }
                onRevoke={() =>
                  revoke.mutate(target(invitation), {
                    onSuccess: () =>
                      notifySuccess(t('organizations.invitations.revoked', { email: invitation.email })),
                  })
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </SettingsSection>
  );
}

type InvitationRowProps = {
  invitation: Invitation;
  manage: PermissionState;
  isResending: boolean;
  isRevoking: boolean;
  onResend: () => void;
  onRevoke: () => void;
};

function InvitationRow({
  invitation,
  manage,
  isResending,
  isRevoking,
  onResend,
  onRevoke,
}: InvitationRowProps) {
  const { t, i18n } = useTranslation();
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(invitation.expiresAt),
  );
  const describedBy = reasonProps(manage);
  return (
    <ListRow
      actions={
        <>
          <Button
            size="xs"
            variant="default"
            onClick={onResend}
            loading={isResending}
            disabled={!manage.isAllowed}
            {...describedBy}
            aria-label={t('organizations.invitations.resendTo', { email: invitation.email })}
          >
            {t('organizations.invitations.resend')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onRevoke}
            loading={isRevoking}
            disabled={!manage.isAllowed}
            {...describedBy}
            aria-label={t('organizations.invitations.revokeFor', { email: invitation.email })}
          >
            {t('organizations.invitations.revoke')}
          </Button>
        </>
      }
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {invitation.email}
      </Text>
      <Text size="xs" c="dimmed">
        {t('organizations.invitations.details', {
          role: t(`organizations.roles.${invitation.role}`),
          name: invitation.invitedBy,
          date: expires,
        })}
      </Text>
    </ListRow>
  );
}
