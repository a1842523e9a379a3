import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import type { QuickStartAccount } from '../lib/quick-start-account.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';

// A visitor sees no keys: the picker and the secret's field (Select, PasswordInput) come for a customer.
const AccountKeys = lazy(async () => ({ default: (await import('./account-keys.tsx')).AccountKeys }));

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

/** Step 1: whose key the examples carry. */
export function KeyCard({ account, chosenKey }: KeyCardProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="quick-start-key" title={t('quickStart.key.title')}>
      {account ? (
        <Suspense fallback={<Loader size="sm" aria-label={t('quickStart.key.loading')} />}>
          <AccountKeys account={account} chosenKey={chosenKey} />
        </Suspense>
      ) : (
        <VisitorInvite />
      )}
    </SettingsSection>
  );
}
