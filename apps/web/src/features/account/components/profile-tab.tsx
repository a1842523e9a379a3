import { Skeleton, Stack } from '@mantine/core';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useAccount } from '../api/get-account.ts';
import { ProfileForm } from './profile-form.tsx';

export function ProfileTab() {
  const account = useAccount();
  if (account.isPending) {
    return (
      <Stack>
        <Skeleton h={40} />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (account.isError) return <FormErrorAlert error={account.error} />;
  return <ProfileForm account={account.data} />;
}
