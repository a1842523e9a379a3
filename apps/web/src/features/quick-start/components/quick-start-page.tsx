import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page/page-header.tsx';
import type { QuickStartAccount } from '../lib/quick-start-account.ts';
import { useChosenKey } from '../lib/use-chosen-key.ts';
import { CodeExamples } from './code-examples.tsx';
import { KeyCard } from './key-card.tsx';
import { TryItPanel } from './try-it-panel.tsx';

type QuickStartPageProps = {
  /** Null for a visitor: the examples show a placeholder and invite them to sign up. */
  account: QuickStartAccount | null;
};

/** `/quick-start` (spec §2, issue 14): the customer's own key in examples for both APIs, and a live call. */
export function QuickStartPage({ account }: QuickStartPageProps) {
  const { t } = useTranslation();
  const chosenKey = useChosenKey(account);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageHeader title={t('quickStart.title')} description={t('quickStart.description')} />
      <Stack gap="lg">
        <KeyCard account={account} chosenKey={chosenKey} />
        <CodeExamples chosenKey={chosenKey} />
        <TryItPanel chosenKey={chosenKey} isSignedIn={account !== null} />
      </Stack>
    </Container>
  );
}
