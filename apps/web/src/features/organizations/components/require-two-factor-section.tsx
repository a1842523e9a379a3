import type { Organization } from '@cotacep/shared/organization-schemas';
import { Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useMembers } from '../api/get-members.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';

type RequireTwoFactorSectionProps = { organization: Organization };

/**
 * Issue 25: an Owner requires an authenticator app or a passkey of every member. The server refuses an
 * Owner who has neither (`TwoFactorNotEnabled`); the refusal shows here, in the person's language.
 */
export function RequireTwoFactorSection({ organization }: RequireTwoFactorSectionProps) {
  const { t } = useTranslation();
  const permission = usePermission('organization.security');
  const mutation = useUpdateOrganization();
  const members = useMembers(organization.id);
  const total = members.data?.items.length ?? 0;
  const withTwoFactor = members.data?.items.filter((member) => member.twoFactor).length ?? 0;
  // While saving, the switch shows what was asked; a refusal puts it back.
  const isRequired = mutation.isPending
    ? mutation.variables.changes.requireTwoFactor === true
    : organization.requireTwoFactor;

  const onChange = (requireTwoFactor: boolean) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: organization.id, changes: { requireTwoFactor } },
      {
        onSuccess: (saved) =>
          notifySuccess(
            t(
              saved.requireTwoFactor
                ? 'organizations.twoFactor.required'
                : 'organizations.twoFactor.notRequired',
              {
                organization: saved.name,
              },
            ),
          ),
      },
    );
  };

  return (
    <SettingsSection
      id="organization-two-factor"
      title={t('organizations.twoFactor.title')}
      description={t('organizations.twoFactor.description')}
    >
      <Stack gap="sm">
        <FailureAlert error={mutation.error} title={t('organizations.twoFactor.failed')} />
        <Switch
          label={t('organizations.twoFactor.require')}
          checked={isRequired}
          onChange={(event) => onChange(event.currentTarget.checked)}
          disabled={!permission.isAllowed}
          {...reasonProps(permission)}
        />
        <DeniedReason permission={permission} />
        {members.data && (
          <Text size="sm">{t('organizations.twoFactor.count', { count: withTwoFactor, total })}</Text>
        )}
      </Stack>
    </SettingsSection>
  );
}
