import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Island } from '#web/components/island/island.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import type { QuickStartAccount } from '../lib/quick-start-account.ts';
import { useChosenKey } from '../lib/use-chosen-key.ts';
import { CodeExamples } from './code-examples.tsx';
import { KeyCard } from './key-card.tsx';
import { TryItPanel } from './try-it-panel.tsx';
import { VisitorCodeExamples, VisitorTryIt } from './visitor-parts.tsx';

type QuickStartPageProps = {
  /** Null for a visitor: the examples show a placeholder and invite them to sign up. */
  account: QuickStartAccount | null;
};

/** A customer's examples and Try it, both with the key chosen in the key card. */
function AccountParts({ account }: { account: QuickStartAccount }) {
  const chosenKey = useChosenKey(account);
  return (
    <>
      <KeyCard account={account} chosenKey={chosenKey} />
      <CodeExamples chosenKey={chosenKey} />
      <TryItPanel chosenKey={chosenKey} isSignedIn />
    </>
  );
}

/**
 * `/quick-start` (spec §2, issue 14): the customer's own key in examples for both APIs, and a live call. A
 * visitor's page is prerendered (decision 039): its examples and Try it are islands, the rest HTML.
 */
export function QuickStartPage({ account }: QuickStartPageProps) {
  const { t } = useTranslation();
  const visitorKey = useChosenKey(null);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageHeader title={t('quickStart.title')} description={t('quickStart.description')} />
      <Stack gap="lg">
        {account ? (
          <AccountParts account={account} />
        ) : (
          <>
            <KeyCard account={null} chosenKey={visitorKey} />
            <Island name="quick-start-examples" component={VisitorCodeExamples} />
            <Island name="quick-start-try-it" component={VisitorTryIt} />
          </>
        )}
      </Stack>
    </Container>
  );
}
