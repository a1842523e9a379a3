import { signupRequestSchema } from '@cotacep/shared/auth-schemas';
import { DEFAULT_LANGUAGE, isLanguage } from '@cotacep/shared/languages';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useSignup } from '../api/signup.ts';
import { AuthHeading } from './auth-heading.tsx';
import { SignupForm } from './signup-form.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const mutation = useSignup();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const form = useZodForm(signupRequestSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    language,
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (answer) =>
        navigate(`/auth/signup/confirm?${new URLSearchParams({ email: values.email })}`, {
          state: { delivery: answer.delivery },
        }),
    }),
  );

  return (
    <>
      <AuthHeading title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} />
      <Stack>
        <SocialButtons intent="signup" />
        <SignupForm form={form} onSubmit={onSubmit} error={mutation.error} isPending={mutation.isPending} />
        <Text size="sm" ta="center">
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to="/auth/login">
            {t('actions.login')}
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
