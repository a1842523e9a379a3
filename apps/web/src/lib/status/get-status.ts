import type { StatusResponse, StatusSource } from '@cotacep/shared/status-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAppConfig } from '../app-config.ts';

export type { ApiState, StatusApi, StatusApiEntry } from '@cotacep/shared/status-schemas';
export type SourceStatus = StatusSource;
export type ApiStatus = StatusResponse;

/**
 * The public `GET /api/status`: whether each of the quotes and CEP APIs answers, how current its data is,
 * and every data source's freshness. A plain fetch, not the portal's API client: the banner polls it on every
 * page, the landing included, which should not load axios and the session code for one anonymous GET.
 */
export async function getStatus(): Promise<ApiStatus> {
  const response = await fetch(`${getAppConfig().apiUrl}/status`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /status answered ${response.status}`);
  return (await response.json()) as ApiStatus;
}

export const getStatusQueryOptions = () => queryOptions({ queryKey: ['status'], queryFn: getStatus });

/** How often each reader polls: the banner on every page, the dashboard card, and the status page itself. */
export const STATUS_POLL_MS = { banner: 60_000, dashboard: 60_000, page: 30_000 } as const;

/**
 * One query shared by every reader (same key, so one request serves them all); each asks for its own
 * polling interval and TanStack Query polls at the shortest one mounted. Refetched on window focus.
 */
export function useStatus(refetchInterval: number) {
  return useQuery({
    ...getStatusQueryOptions(),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval,
  });
}
