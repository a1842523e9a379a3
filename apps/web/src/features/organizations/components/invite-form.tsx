import {
  type InvitationInput,
  invitationRequestSchema,
  type Organization,
} from '@cotacep/shared/organization-schemas';
import { assignableRoles, type Role } from '@cotacep/shared/roles';
import { Alert, Anchor, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import {
  type FieldErrorCodes,
  getErrorCode,
  isFieldError,
  showOnField,
} from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { reasonProps } from '#web/components/permission/denied-reason.tsx';
import { translateMessage } from '#web/i18n/translate-message.ts';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import type { PermissionState } from '#web/lib/organization/use-permission.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

const FIELD_ERRORS: FieldErrorCodes<InvitationInput> = { AlreadyMember: 'email' };

/** A new member starts as a Developer unless the inviter may not give that role. */
const defaultRole = (roles: readonly Role[]): Role =>
  roles.includes('developer') ? 'developer' : (roles[0] ?? 'viewer');

type InviteFormProps = { organization: Organization; manage: PermissionState };

/** E-mail and role; the server e-mails the link. No seat left: the refusal links to the plans. */
export function InviteForm({ organization, manage }: InviteFormProps) {
  const { t } = useTranslation();
  const mutation = useCreateInvitation();
  const roles = assignableRoles(organization.role);
  const offered = roles.length > 0 ? roles : (['viewer'] as const);
  const form = useZodForm(invitationRequestSchema, { email: '', role: defaultRole(roles) });
  const isSeatLimit = getErrorCode(mutation.error) === 'SeatLimitReached';
  const describedBy = reasonProps(manage);

  const onSubmit = form.handleSubmit((invitation) =>
    mutation.mutate(
      { organizationId: organization.id, invitation },
      {
        onSuccess: (sent) => {
          notifySuccess(t('organizations.invitations.sent', { email: sent.email }));
          form.reset({ email: '', role: invitation.role });
        },
        onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('organizations.invitations.formLabel')}>
      <Stack gap="sm">
        {isSeatLimit ? (
          <Alert color="yellow" variant="light" role="alert">
            {translateMessage(t, normalizeError(mutation.error).message)}{' '}
            <Anchor component={Link} to="/pricing" inherit fw={500}>
              {t('organizations.seeTeamPlans')}
            </Anchor>
          </Alert>
        ) : (
          <FormErrorAlert error={isFieldError(mutation.error, FIELD_ERRORS) ? null : mutation.error} />
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <EmailField
            {...form.field('email')}
            disabled={!manage.isAllowed}
            {...describedBy}
            style={{ flex: '2 1 240px' }}
          />
          {/* Controlled: an uncontrolled select would show its first option, not the default role. */}
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <NativeSelect
                label={t('organizations.invitations.role')}
                data={offered.map((role) => ({ value: role, label: t(`organizations.roles.${role}`) }))}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={form.errorText(fieldState.error)}
                disabled={!manage.isAllowed}
                {...describedBy}
                style={{ flex: '1 1 160px' }}
              />
            )}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={!manage.isAllowed} {...describedBy}>
            {t('organizations.invitations.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
