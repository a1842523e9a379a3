import {
  type ApiState,
  STATUS_APIS,
  type StatusApiEntry,
  type StatusResponse,
  type StatusSource,
} from '@cotacep/shared/status-schemas';
import type { SourceHealthRegistry } from '#server/lib/source-health.ts';

type ListedSource = ReturnType<SourceHealthRegistry['list']>[number];

/**
 * One source as a customer would judge it: a scheduled source is operational while its data is within its
 * cadence, stale when older, outage with no data at all; an on-demand one (CEP providers) is outage only while
 * its last answer failed (never asked yet is not a problem). Circuits are left out: an open circuit over fresh
 * data changes nothing for an answer.
 */
function getSourceState(source: ListedSource): ApiState {
  if (source.onDemand) return source.isStale ? 'outage' : 'operational';
  if (source.lastSuccessAt === null) return 'outage';
  return source.isStale ? 'stale' : 'operational';
}

/**
 * One API from its sources. Outage when none of them can answer (quotes: no data at all, the fallback
 * included; CEP: every provider's last lookup failed). Stale when a live scheduled source answers from
 * old data, its own or, when it has none, the stale fallback's that answers in its place; `dataAsOf` is the
 * oldest such data. Operational otherwise (one CEP provider failing while another answers is not visible
 * to a customer: the lookup races them all).
 */
function getApiEntry(api: StatusApiEntry['api'], sources: ListedSource[]): StatusApiEntry {
  const states = sources.map(getSourceState);
  if (states.every((state) => state === 'outage')) return { api, state: 'outage', dataAsOf: null };
  const scheduled = sources.filter((source) => !source.onDemand);
  const fallback = scheduled.find((source) => source.isFallback && source.isStale);
  const live = scheduled.filter((source) => !source.isFallback);
  const staleSince = (live.length > 0 ? live : scheduled)
    .filter((source) => source.isStale)
    .map((source) => source.lastSuccessAt ?? fallback?.lastSuccessAt ?? null)
    .filter((date): date is Date => date !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return staleSince
    ? { api, state: 'stale', dataAsOf: staleSince.toISOString() }
    : { api, state: 'operational', dataAsOf: null };
}

/** The public document: each API's state, the overall one (the worst of them), and every source's freshness. */
export function getStatus(sourceHealth: SourceHealthRegistry, now: Date): StatusResponse {
  const listed = sourceHealth
    .list(now)
    .sort((a, b) => a.api.localeCompare(b.api) || a.name.localeCompare(b.name));
  const apis = STATUS_APIS.flatMap((api) => {
    const ofApi = listed.filter((source) => source.api === api);
    return ofApi.length > 0 ? [getApiEntry(api, ofApi)] : [];
  });
  const sources: StatusSource[] = listed.map((source) => ({
    name: source.name,
    api: source.api,
    state: getSourceState(source),
    cadenceMs: source.cadenceMs,
    lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: source.lastFailureAt?.toISOString() ?? null,
    ageMs: source.ageMs,
    isStale: source.isStale,
    onDemand: source.onDemand,
    isFallback: source.isFallback,
  }));
  const states = new Set(apis.map((entry) => entry.state));
  const status = states.has('outage') ? 'outage' : states.has('stale') ? 'degraded' : 'ok';
  return { status, generatedAt: now.toISOString(), apis, sources };
}
