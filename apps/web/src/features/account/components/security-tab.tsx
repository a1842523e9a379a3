import { Stack } from '@mantine/core';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MfaSettingsForm } from './mfa-settings-form.tsx';
import { SessionsList } from './sessions-list.tsx';

export function SecurityTab() {
  return (
    <Stack>
      <ChangePasswordForm />
      <MfaSettingsForm />
      <SessionsList />
    </Stack>
  );
}
