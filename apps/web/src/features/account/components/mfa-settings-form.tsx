import { type MfaSettingsRequest, mfaSettingsRequestSchema } from '@cotacep/shared/account-schemas';
import { Button, Group, Input, SegmentedControl, Skeleton, Stack, Switch } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useAccount } from '../api/get-account.ts';
import { useUpdateMfa } from '../api/update-mfa.ts';
import { SettingsSection } from './settings-section.tsx';

function MfaForm({ initial }: { initial: MfaSettingsRequest }) {
  const { t } = useTranslation();
  const mutation = useUpdateMfa();
  const form = useZodForm(mfaSettingsRequestSchema, initial);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => notifySuccess(t('messages.savedSuccessfully')),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={mutation.error} />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('account.security.mfaEnabled')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <Input.Wrapper label={t('account.security.mfaMethod')}>
              <div>
                <SegmentedControl
                  value={field.value}
                  onChange={field.onChange}
                  data={[
                    { value: 'email', label: t('account.security.mfaEmail') },
                    { value: 'sms', label: t('account.security.mfaSms') },
                  ]}
                />
              </div>
            </Input.Wrapper>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** MFA on or off and its method: a code by e-mail or by SMS at every sign-in. */
export function MfaSettingsForm() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <SettingsSection title={t('account.security.mfaTitle')} description={t('account.security.mfaText')}>
      {account.isPending && <Skeleton h={80} />}
      {account.isError && <FormErrorAlert error={account.error} />}
      {account.data && <MfaForm initial={account.data.mfa} />}
    </SettingsSection>
  );
}
