import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { STATUS_POLL_MS, useStatus } from '#web/lib/status/get-status.ts';
import { clearBannerDismissal } from '../lib/banner-dismissal.ts';
import { getOutages } from '../lib/derive-status.ts';

// Its own chunk: pages load only the status query until an API is actually down.
const StatusBanner = lazy(async () => ({ default: (await import('./status-banner.tsx')).StatusBanner }));

/**
 * Where the site-wide status banner goes: nothing at all unless an API cannot answer (stale data is for the
 * status page, not for every page), and none on /status itself.
 */
export function StatusBannerSlot() {
  const { pathname } = useLocation();
  const { data } = useStatus(STATUS_POLL_MS.banner);
  const outages = data ? getOutages(data) : [];
  const hasOutage = outages.length > 0;
  useEffect(() => {
    if (data && !hasOutage) clearBannerDismissal();
  }, [data, hasOutage]);
  if (!hasOutage || pathname.replace(/\/+$/, '') === '/status') return null;
  return (
    <Suspense fallback={null}>
      <StatusBanner outages={outages} />
    </Suspense>
  );
}
