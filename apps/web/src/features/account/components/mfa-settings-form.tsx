import { type Account, mfaSettingsRequestSchema } from '@cotacep/shared/account-schemas';
import { Button, Group, Input, Skeleton, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';
import { useAccount } from '../api/get-account.ts';
import { useUpdateMfa } from '../api/update-mfa.ts';
import { ContactChangeModal } from './contact-change-modal.tsx';
import { SmsNeedsPhoneNotice } from './sms-needs-phone-notice.tsx';

function MfaForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const mutation = useUpdateMfa();
  const [isAddingPhone, setIsAddingPhone] = useState(false);
  const form = useZodForm(mfaSettingsRequestSchema, account.mfa);
  const method = form.watch('method');
  // "User does not have delivery config set to turn on SMS_MFA": said before the server has to.
  const needsPhone =
    (method === 'sms' && !account.phone) || getErrorCode(mutation.error) === 'SmsMfaNotConfigured';

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => notifySuccess(t('messages.savedSuccessfully')),
    }),
  );

  // The phone dialog stays outside the form: its own submit must not bubble into this one.
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {!needsPhone && <FormErrorAlert error={mutation.error} />}
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
              <Input.Wrapper label={t('account.security.mfaMethod')} id="mfa-method">
                <div>
                  <SegmentedChoice
                    value={field.value}
                    onChange={(value) => {
                      mutation.reset();
                      field.onChange(value);
                    }}
                    aria-labelledby="mfa-method-label"
                    data={[
                      { value: 'email', label: t('account.security.mfaEmail') },
                      { value: 'sms', label: t('account.security.mfaSms') },
                    ]}
                  />
                </div>
              </Input.Wrapper>
            )}
          />
          {needsPhone && (
            <SmsNeedsPhoneNotice
              pendingPhone={account.pendingPhone}
              onAddPhone={() => setIsAddingPhone(true)}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={needsPhone}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ContactChangeModal
        kind="phone"
        opened={isAddingPhone}
        onClose={() => setIsAddingPhone(false)}
        pending={account.pendingPhone}
        hasCurrent={Boolean(account.phone)}
      />
    </>
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
      {account.data && <MfaForm account={account.data} />}
    </SettingsSection>
  );
}
