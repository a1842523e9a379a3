import { Stack } from '@mantine/core';
import { useAccount } from '../api/get-account.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MfaSettingsForm } from './mfa-settings-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import { SocialAccounts } from './social-accounts.tsx';

export function SecurityTab() {
  const account = useAccount();
  return (
    <Stack>
      <ChangePasswordForm />
      <MfaSettingsForm />
      {account.data && <SocialAccounts account={account.data} />}
      <SessionsList />
    </Stack>
  );
}
