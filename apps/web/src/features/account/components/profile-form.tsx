import { type Account, updateAccountRequestSchema } from '@cotacep/shared/account-schemas';
import { getTaxIdKind } from '@cotacep/shared/tax-id';
import { Badge, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { formatTaxId } from '#web/lib/format/format-tax-id.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { getAccountOptions } from './account-options.ts';
import { ContactFields } from './contact-fields.tsx';

const withCurrent = (options: { value: string; label: string }[], current: string) =>
  options.some((option) => option.value === current)
    ? options
    : [{ value: current, label: current }, ...options];

export function ProfileForm({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const mutation = useUpdateAccount();
  const options = useMemo(() => getAccountOptions(i18n.language), [i18n.language]);
  const form = useZodForm(updateAccountRequestSchema, {
    firstName: account.firstName,
    lastName: account.lastName,
    taxId: account.taxId ? formatTaxId(account.taxId) : undefined,
    locale: account.locale,
    // Only BRL or USD (decision 027); migration 0012 turned any other stored value into BRL.
    currency: account.currency === 'USD' ? 'USD' : 'BRL',
    timezone: account.timezone,
    language: account.language,
  });
  const { errors } = form.formState;

  const taxIdKind = getTaxIdKind(form.watch('taxId') ?? '');

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { ...values, taxId: values.taxId ? values.taxId : null },
      {
        onSuccess: (saved) => {
          notifySuccess(t('messages.savedSuccessfully'));
          // The account's language is the interface's too.
          if (saved.language !== i18n.resolvedLanguage) void i18n.changeLanguage(saved.language);
        },
      },
    ),
  );

  const select = (
    name: 'locale' | 'currency' | 'timezone' | 'language',
    data: typeof options.locales,
    extra: { description?: string; disabled?: boolean } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={t(`fields.${name}`)}
          data={withCurrent(data, field.value ?? '')}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value ?? undefined)}
          onBlur={field.onBlur}
          error={form.errorText(errors[name])}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('fields.nothingFound')}
          {...extra}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <SettingsSection title={t('account.profile.title')} description={t('account.profile.description')}>
          <Stack>
            <FormErrorAlert error={mutation.error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.firstName')} {...form.field('firstName')} required />
              <TextInput label={t('fields.lastName')} {...form.field('lastName')} required />
            </SimpleGrid>
            <ContactFields account={account} />
            <TextInput
              label={t('fields.taxId')}
              description={t('fields.taxIdHint')}
              {...form.field('taxId', {
                setValueAs: (value: string) => (value?.trim() ? value : undefined),
              })}
              rightSection={
                taxIdKind && (
                  <Badge size="sm" variant="light">
                    {taxIdKind.toUpperCase()}
                  </Badge>
                )
              }
              rightSectionWidth={64}
              rightSectionPointerEvents="none"
            />
          </Stack>
        </SettingsSection>
        <SettingsSection title={t('account.profile.preferences')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('language', options.languages)}
            {select('locale', options.locales)}
            {select('currency', options.currencies, {
              description: t(account.isCurrencyFixed ? 'fields.currencyFixedHint' : 'fields.currencyHint'),
              disabled: account.isCurrencyFixed,
            })}
            {select('timezone', options.timezones)}
          </SimpleGrid>
        </SettingsSection>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
