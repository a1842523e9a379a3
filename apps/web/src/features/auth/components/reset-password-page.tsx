import { type ResetPasswordRequest, resetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '../../../components/form/server-errors.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { readAuthNotice } from '../lib/auth-notice.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';

const FIELD_ERRORS: FieldErrorCodes<ResetPasswordRequest> = {
  CodeMismatch: 'code',
  ExpiredCode: 'code',
  InvalidPassword: 'newPassword',
  PasswordTooCommon: 'newPassword',
};

/** The code sent by e-mail plus a new password and its confirmation (spec §2). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const { notice } = readAuthNotice(useLocation().state);
  const [params] = useSearchParams();
  const mutation = useResetPassword();
  const form = useZodForm(resetPasswordRequestSchema, {
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) =>
        navigate(withRedirect('/auth/login', target), {
          replace: true,
          state: { notice: message, email: values.email },
        }),
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {notice && (
            <Alert color="blue" variant="light" role="status">
              {notice}
            </Alert>
          )}
          <FormErrorAlert error={isFieldError(mutation.error, FIELD_ERRORS) ? null : mutation.error} />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.errorText(errors.email)}
            required
          />
          <TextInput
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code')}
            error={form.errorText(errors.code)}
            required
          />
          <NewPasswordFields
            passwordLabelKey="fields.newPassword"
            password={form.field('newPassword')}
            confirmation={form.field('confirmPassword')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('auth.reset.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={withRedirect('/auth/login', target)} size="sm">
              {t('auth.forgot.backToLogin')}
            </Anchor>
            <Anchor
              component={Link}
              to={withRedirect('/auth/forget-password', target, { email: form.watch('email') })}
              size="sm"
            >
              {t('auth.reset.newCode')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
