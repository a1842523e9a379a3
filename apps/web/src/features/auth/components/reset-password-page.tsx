import { type ResetPasswordRequest, resetPasswordRequestSchema } from '@cotacep/shared/auth-schemas';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CodeField } from '#web/components/form/code-field.tsx';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { NewPasswordFields } from '#web/components/form/new-password-fields.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { readAuthNotice } from '../lib/auth-notice.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useBackToLogin } from '../lib/use-back-to-login.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';

const FIELD_ERRORS: FieldErrorCodes<ResetPasswordRequest> = {
  CodeMismatch: 'code',
  ExpiredCode: 'code',
  InvalidPassword: 'newPassword',
  PasswordTooCommon: 'newPassword',
  PasswordUnchanged: 'newPassword',
};

/** The code sent by e-mail plus a new password and its confirmation (spec §2). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const target = useRedirectTarget();
  const backToLogin = useBackToLogin();
  const { notice } = readAuthNotice(useLocation().state);
  const [params] = useSearchParams();
  const mutation = useResetPassword();
  const form = useZodForm(resetPasswordRequestSchema, {
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => backToLogin({ notice: message, email: values.email }),
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
          <EmailField {...form.field('email')} />
          <CodeField {...form.field('code')} />
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
