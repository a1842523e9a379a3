import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/page/page-loader.tsx';
import { QuickStartPage } from '../features/quick-start/components/quick-start-page.tsx';
import { useSession } from '../lib/session/session-store.ts';

// A visitor's page needs no API: the keys' request (and the API client) come for a signed-in customer.
const CustomerQuickStart = lazy(async () => ({
  default: (await import('./customer-quick-start.tsx')).CustomerQuickStart,
}));

/** `/quick-start`: the examples for a visitor; a signed-in customer's own keys in them. */
export function QuickStartScreen() {
  const { isAuthenticated } = useSession();
  if (!isAuthenticated) return <QuickStartPage account={null} />;
  return (
    // Not the page itself meanwhile: it would mount twice, losing what was typed or chosen in between.
    <Suspense fallback={<PageLoader />}>
      <CustomerQuickStart />
    </Suspense>
  );
}
