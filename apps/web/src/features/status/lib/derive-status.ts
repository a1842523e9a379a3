import type { ApiStatus, StatusApi, StatusApiEntry } from '#web/lib/status/get-status.ts';

export const STATUS_APIS: readonly StatusApi[] = ['quotes', 'cep'];

/** Where the quotes API dates its data from. */
const DATA_TIME_ZONE = 'America/Sao_Paulo';

/** The headline: the server's overall status, or unknown when it runs no API at all (a portal-only instance). */
export type OverallState = ApiStatus['status'] | 'unknown';

export function getOverallState(status: ApiStatus): OverallState {
  return status.apis.length === 0 ? 'unknown' : status.status;
}

/** An API's entry; absent when this server reports no source for it. */
export function getApiEntry(status: ApiStatus, api: StatusApi): StatusApiEntry | undefined {
  return status.apis.find((entry) => entry.api === api);
}

/** The APIs that cannot answer right now: the only thing the site-wide banner is about. */
export function getOutages(status: ApiStatus): StatusApi[] {
  return status.apis.filter((entry) => entry.state === 'outage').map((entry) => entry.api);
}

/** Whether an API is down now that was not when the banner was closed. */
export function hasNewOutage(dismissed: readonly StatusApi[], outages: readonly StatusApi[]): boolean {
  return outages.some((api) => !dismissed.includes(api));
}

/**
 * When the data dates from, in São Paulo time as the quotes API itself dates its answers (`create_date`), in
 * the page's language: "28 de setembro de 2026", "September 28, 2026" (`medium`: "28 de set. de 2026").
 */
export function formatDataDate(at: string, language: string, dateStyle: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(language, { dateStyle, timeZone: DATA_TIME_ZONE }).format(new Date(at));
}

/** The same moment with its time and zone, for a hover: "28 de set. de 2026, 21:00 BRT". */
export function formatDataTime(at: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DATA_TIME_ZONE,
    timeZoneName: 'short',
  }).format(new Date(at));
}
