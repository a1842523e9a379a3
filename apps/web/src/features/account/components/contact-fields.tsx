import type { Account } from '@cotacep/shared/account-schemas';
import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** E-mail and phone change through a code sent to the new address (spec §8 prompts while one waits). */
export function ContactFields({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.email')} value={account.email} variant="filled" readOnly />
        <TextInput
          label={t('fields.phone')}
          value={account.phone ?? ''}
          placeholder={t('fields.phoneEmpty')}
          variant="filled"
          readOnly
        />
      </SimpleGrid>
      {account.pendingEmail && (
        <Alert color="yellow" variant="light">
          {t('account.profile.verifyEmail', { email: account.pendingEmail })}
        </Alert>
      )}
      {account.pendingPhone && (
        <Alert color="yellow" variant="light">
          {t('account.profile.verifyPhone', { phone: account.pendingPhone })}
        </Alert>
      )}
    </Stack>
  );
}
