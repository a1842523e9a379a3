import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field.tsx';
import type { FieldProps } from './use-zod-form.ts';

type NewPasswordFieldsProps = {
  password: FieldProps;
  confirmation: FieldProps;
  /** `fields.password` on sign-up, `fields.newPassword` where a password is replaced. */
  passwordLabelKey: 'fields.password' | 'fields.newPassword';
};

/** A new password with the policy hint, and its confirmation: sign-up, reset and change password. */
export function NewPasswordFields({ password, confirmation, passwordLabelKey }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(passwordLabelKey)}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        {...password}
        required
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        {...confirmation}
        required
      />
    </>
  );
}
