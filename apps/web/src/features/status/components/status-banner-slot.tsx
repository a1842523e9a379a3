import { lazy, Suspense, useEffect } from 'react';
import { STATUS_POLL_MS, useStatus } from '#web/lib/status/get-status.ts';
import { clearBannerDismissal } from '../lib/banner-dismissal.ts';
import { getOutages } from '../lib/derive-status.ts';

// Its own chunk: pages load only the status query until an API is actually down.
const StatusBanner = lazy(async () => ({ default: (await import('./status-banner.tsx')).StatusBanner }));

function PolledStatusBanner() {
  const { data } = useStatus(STATUS_POLL_MS.banner);
  const outages = data ? getOutages(data) : [];
  const hasOutage = outages.length > 0;
  useEffect(() => {
    if (data && !hasOutage) clearBannerDismissal();
  }, [data, hasOutage]);
  if (!hasOutage) return null;
  return (
    <Suspense fallback={null}>
      <StatusBanner outages={outages} />
    </Suspense>
  );
}

/**
 * Where the site-wide status banner goes: nothing at all unless an API cannot answer (stale data is for the
 * status page, not for every page), and none on /status itself, which then asks nothing.
 */
export function StatusBannerSlot({ isStatusPage }: { isStatusPage: boolean }) {
  return isStatusPage ? null : <PolledStatusBanner />;
}
