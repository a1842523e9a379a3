import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import { type SignupRequest, signupRequestSchema } from '@cotacep/shared/auth-schemas';
import { DEFAULT_LANGUAGE, isLanguage } from '@cotacep/shared/languages';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCaptcha } from '#web/components/captcha/use-captcha.tsx';
import { type FieldErrorCodes, isFieldError, showOnField } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useSignup } from '../api/signup.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { useRedirectTarget } from '../lib/use-redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';
import { SignupForm } from './signup-form.tsx';
import { SocialButtons } from './social-buttons.tsx';

// A taken e-mail is answered like a new one (decision 017), so sign-up has no "already exists" error.
const FIELD_ERRORS: FieldErrorCodes<SignupRequest> = {
  InvalidPassword: 'password',
  PasswordTooCommon: 'password',
};

type SignupPageProps = {
  /** What comes after signing up, when the visitor came for it (the plan a Buy Now chose). */
  nextStep?: ReactNode;
  /** The address to sign up with, when known (the one an invitation was sent to). */
  defaultEmail?: string;
};

export function SignupPage({ nextStep, defaultEmail = '' }: SignupPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const mutation = useSignup();
  const captcha = useCaptcha(CAPTCHA_ACTIONS.signup);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const form = useZodForm(signupRequestSchema, {
    firstName: '',
    lastName: '',
    email: defaultEmail,
    password: '',
    confirmPassword: '',
    language,
  });

  const onSubmit = form.handleSubmit((values) =>
    captcha.withToken((captchaToken) =>
      mutation.mutate(
        { ...values, captchaToken },
        {
          onSuccess: (answer) =>
            navigate(withRedirect('/auth/signup/confirm', target, { email: values.email }), {
              state: { delivery: answer.delivery },
            }),
          onError: (error) => {
            captcha.reset();
            showOnField(form.setError, error, FIELD_ERRORS);
          },
        },
      ),
    ),
  );

  return (
    <>
      {/* The Free plan's pitch would contradict the plan about to be bought. */}
      <AuthHeading
        title={t('auth.signup.title')}
        subtitle={nextStep ? undefined : t('auth.signup.subtitle')}
      />
      <Stack>
        {nextStep}
        <SocialButtons intent="signup" redirect={target} />
        <SignupForm
          form={form}
          onSubmit={onSubmit}
          error={isFieldError(mutation.error, FIELD_ERRORS) ? null : mutation.error}
          isPending={captcha.isVerifying || mutation.isPending}
          captchaField={captcha.field}
          isForFreePlan={!nextStep}
        />
        <Text size="sm" ta="center">
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to={withRedirect('/auth/login', target)}>
            {t('actions.login')}
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
