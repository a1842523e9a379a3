import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { STATUS_POLL_MS, useStatus } from '#web/lib/status/get-status.ts';
import { clearBannerDismissal } from '../lib/banner-dismissal.ts';

// Its own chunk: pages load only the status query until something is actually degraded.
const StatusBanner = lazy(async () => ({ default: (await import('./status-banner.tsx')).StatusBanner }));

/** Where the site-wide status banner goes: nothing at all while every source is fine, and none on /status. */
export function StatusBannerSlot() {
  const { pathname } = useLocation();
  const { data } = useStatus(STATUS_POLL_MS.banner);
  const isDegraded = data?.status === 'degraded';
  useEffect(() => {
    if (data?.status === 'ok') clearBannerDismissal();
  }, [data?.status]);
  if (!data || !isDegraded || pathname.replace(/\/+$/, '') === '/status') return null;
  return (
    <Suspense fallback={null}>
      <StatusBanner sources={data.sources} />
    </Suspense>
  );
}
