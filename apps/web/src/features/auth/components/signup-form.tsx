import type { signupRequestSchema } from '@cotacep/shared/auth-schemas';
import { LANGUAGES } from '@cotacep/shared/languages';
import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '#web/components/form/email-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { NewPasswordFields } from '#web/components/form/new-password-fields.tsx';
import type { useZodForm } from '#web/components/form/use-zod-form.ts';

type SignupFormProps = {
  form: ReturnType<typeof useZodForm<typeof signupRequestSchema>>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  isPending: boolean;
  /** The bot-protection widget, just above the submit button. */
  captchaField: ReactNode;
  /** Says "Free plan, no credit card needed." unless the visitor signs up to buy a plan. */
  isForFreePlan?: boolean;
};

const optional = (value: string) => (value.trim() === '' ? undefined : value);

export function SignupForm({
  form,
  onSubmit,
  error,
  isPending,
  captchaField,
  isForFreePlan = true,
}: SignupFormProps) {
  const { t } = useTranslation();
  const languages = LANGUAGES.filter((language) => language.enable).map((language) => ({
    value: language.code,
    label: language.name,
  }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            {...form.field('firstName')}
            required
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            {...form.field('lastName')}
            required
          />
        </SimpleGrid>
        <EmailField {...form.field('email')} />
        <TextInput
          label={t('fields.phone')}
          description={t('fields.phoneHint')}
          type="tel"
          autoComplete="tel"
          {...form.field('phone', { setValueAs: optional })}
        />
        <NewPasswordFields
          passwordLabelKey="fields.password"
          password={form.field('password')}
          confirmation={form.field('confirmPassword')}
        />
        <NativeSelect label={t('fields.language')} data={languages} {...form.field('language')} />
        {captchaField}
        <Text size="sm">
          <Trans
            i18nKey="auth.signup.consent"
            components={{
              terms: <Anchor component={Link} to="/terms-of-service" target="_blank" />,
              privacy: <Anchor component={Link} to="/privacy" target="_blank" />,
            }}
          />
        </Text>
        <Button type="submit" loading={isPending} fullWidth>
          {t('auth.signup.submit')}
        </Button>
        {isForFreePlan && (
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.signup.noCard')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
