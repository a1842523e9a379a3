import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { CREATE_KEY_PATH, type QuickStartAccount } from '../lib/quick-start-account.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';
import { KeyPicker } from './key-picker.tsx';
import { KeySecret } from './key-secret.tsx';

type KeyCardProps = { account: QuickStartAccount | null; chosenKey: ChosenKey };

function VisitorInvite() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('quickStart.key.visitorText', { placeholder: t('quickStart.keyPlaceholder') })}
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/auth/signup">
          {t('quickStart.key.signup')}
        </Button>
        <Button
          component={Link}
          to={`/auth/login?redirect=${encodeURIComponent('/quick-start')}`}
          variant="default"
        >
          {t('actions.login')}
        </Button>
      </Group>
    </Stack>
  );
}

function AccountKeys({ account, chosenKey }: { account: QuickStartAccount; chosenKey: ChosenKey }) {
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

/** Step 1: whose key the examples carry. */
export function KeyCard({ account, chosenKey }: KeyCardProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="quick-start-key" title={t('quickStart.key.title')}>
      {account ? <AccountKeys account={account} chosenKey={chosenKey} /> : <VisitorInvite />}
    </SettingsSection>
  );
}
