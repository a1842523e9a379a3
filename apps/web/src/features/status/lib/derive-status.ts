import type { SourceApi, SourceStatus } from '#web/lib/status/get-status.ts';

export type HealthState = 'operational' | 'degraded' | 'down';
/** An API with no source reported by this server (a portal-only instance runs none). */
export type ApiState = HealthState | 'unknown';

export const STATUS_APIS: readonly SourceApi[] = ['quotes', 'cep'];

const SEVERITY: Record<ApiState, number> = { unknown: -1, operational: 0, degraded: 1, down: 2 };

/**
 * One source: operational when its data is fresh (within its cadence) and its circuit is closed; down
 * when it has no fresh data and cannot get any (it never succeeded, or its circuit is open and requests
 * to it are suspended); degraded in between (stale data while it is still being asked, or fresh data
 * with a circuit that opened since).
 */
export function getSourceState(source: SourceStatus): HealthState {
  if (!source.isStale) return source.circuit === 'closed' ? 'operational' : 'degraded';
  return source.lastSuccessAt === null || source.circuit === 'open' ? 'down' : 'degraded';
}

/**
 * One API from its live sources (a fallback such as the bundled dataset is listed but never judged):
 * operational when every one is fresh with its circuit closed; down when none has fresh data (nothing
 * current to answer from); degraded otherwise: some source is stale or its circuit is half-open or open,
 * but another one still has fresh data and serves.
 */
export function getApiState(sources: readonly SourceStatus[]): ApiState {
  const live = sources.filter((source) => !source.isFallback);
  if (live.length === 0) return 'unknown';
  if (live.every((source) => getSourceState(source) === 'operational')) return 'operational';
  return live.some((source) => !source.isStale) ? 'degraded' : 'down';
}

/** The headline: the worst of the APIs (one API down is an outage even if the other one is fine). */
export function getOverallState(sources: readonly SourceStatus[]): ApiState {
  return STATUS_APIS.map((api) => getApiState(sources.filter((source) => source.api === api))).reduce(
    (worst, state) => (SEVERITY[state] > SEVERITY[worst] ? state : worst),
    'unknown' as ApiState,
  );
}

/** Each source's state by name, to tell later whether things got worse. */
export type StateSnapshot = Record<string, HealthState>;

export function snapshotStates(sources: readonly SourceStatus[]): StateSnapshot {
  return Object.fromEntries(sources.map((source) => [source.name, getSourceState(source)]));
}

/** Whether any source is now worse off than in `before` (a source missing from it counts as operational). */
export function hasWorsened(before: StateSnapshot, now: StateSnapshot): boolean {
  return Object.entries(now).some(
    ([name, state]) => SEVERITY[state] > SEVERITY[before[name] ?? 'operational'],
  );
}
