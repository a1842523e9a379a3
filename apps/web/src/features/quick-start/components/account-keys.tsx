import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CREATE_KEY_PATH, type QuickStartAccount } from '../lib/quick-start-account.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';
import { KeyPicker } from './key-picker.tsx';
import { KeySecret } from './key-secret.tsx';

/** A signed-in customer's keys: the picker, the secret (known, or pasted once) and the way to make more. */
export function AccountKeys({ account, chosenKey }: { account: QuickStartAccount; chosenKey: ChosenKey }) {
  const { t } = useTranslation();
  if (account.isLoading) return <Loader size="sm" aria-label={t('quickStart.key.loading')} />;
  if (account.isError) return <Alert color="red">{t('quickStart.key.loadError')}</Alert>;
  if (!chosenKey.chosen) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('quickStart.key.none', { placeholder: t('quickStart.keyPlaceholder') })}</Text>
        <Button component={Link} to={CREATE_KEY_PATH}>
          {t('quickStart.key.create')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <KeyPicker keys={chosenKey.keys} chosen={chosenKey.chosen} onChoose={chosenKey.choose} />
      <KeySecret chosenKey={chosenKey} onSecretPasted={account.onSecretPasted} />
      <Anchor component={Link} to={CREATE_KEY_PATH} size="sm" w="fit-content">
        {t('quickStart.key.manage')}
      </Anchor>
    </Stack>
  );
}
