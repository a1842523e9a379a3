import type { StaffRole } from '@cotacep/shared/staff-roles';
import { Alert, Container } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page/page-loader.tsx';
import { useAccount } from '../features/account/api/get-account.ts';
import { NotFoundPage } from '../features/errors/components/not-found-page.tsx';
import { useViewAs } from '../lib/view-as/view-as-store.ts';

// The console's code, one chunk: requested only once the account says its user is staff, never for anyone else.
const loadConsole = () => import('./admin-screens.tsx');
const AdminLayout = lazy(async () => ({ default: (await loadConsole()).AdminLayout }));

/** The console's screens, for the route table's children of `/admin`. */
export const ADMIN_SCREENS = {
  overview: lazy(async () => ({ default: (await loadConsole()).AdminOverviewScreen })),
  customers: lazy(async () => ({ default: (await loadConsole()).CustomersPage })),
  customer: lazy(async () => ({ default: (await loadConsole()).AdminCustomerScreen })),
  closures: lazy(async () => ({ default: (await loadConsole()).ClosuresPage })),
  nfse: lazy(async () => ({ default: (await loadConsole()).NfseAttentionPage })),
  trail: lazy(async () => ({ default: (await loadConsole()).StaffTrailPage })),
};

/**
 * `/admin` and below (issue 26): the staff console for `staff` and `support`, the ordinary not-found page for
 * everyone else, whose browser never requests the console's code. The server refuses the console's API to
 * them anyway (403 `StaffOnly`); this keeps its screens, and what they reveal, out of their hands too.
 */
export function StaffRoute() {
  const { t } = useTranslation();
  // While this tab views a customer the console reads nothing with the customer's token: the banner ends the view.
  if (useViewAs()) {
    return (
      <Container size="sm" py="xl">
        <Alert color="violet" variant="light" role="status">
          {t('admin.viewAs.consoleWaits')}
        </Alert>
      </Container>
    );
  }
  return <StaffGate />;
}

function StaffGate() {
  const account = useAccount();
  if (account.isPending) return <PageLoader />;
  const staffRole: StaffRole | null = account.data?.staffRole ?? null;
  if (!staffRole) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AdminLayout staffRole={staffRole} />
    </Suspense>
  );
}
