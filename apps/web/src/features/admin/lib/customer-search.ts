import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminCustomerListQuery,
  CUSTOMER_STATUSES,
  type CustomerStatus,
} from '@cotacep/shared/admin-schemas';
import { PLAN_IDS, type PlanId } from '@cotacep/shared/plans';

/** The customer search kept in the address (`?q=&plan=&status=&from=&to=&over=1&page=`), so it survives a reload and Back. */
export type CustomerSearch = {
  q: string;
  plan: PlanId | null;
  status: CustomerStatus | null;
  /** `YYYY-MM-DD`, created on or after / on or before (whole UTC days). */
  from: string | null;
  to: string | null;
  overQuota: boolean;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readCustomerSearch(params: URLSearchParams): CustomerSearch {
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  return {
    q: params.get('q') ?? '',
    plan: oneOf(PLAN_IDS, params.get('plan')),
    status: oneOf(CUSTOMER_STATUSES, params.get('status')),
    from: day('from'),
    to: day('to'),
    overQuota: params.get('over') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address for a search; any change but the page's goes back to page 1. */
export function writeCustomerSearch(search: CustomerSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.plan) params.set('plan', search.plan);
  if (search.status) params.set('status', search.status);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.overQuota) params.set('over', '1');
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The API's query: `createdTo` is exclusive, so the "to" day is included whole. */
export function toCustomerListQuery(search: CustomerSearch): AdminCustomerListQuery {
  return {
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    ...(search.plan ? { plan: search.plan } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.from ? { createdFrom: `${search.from}T00:00:00.000Z` } : {}),
    ...(search.to ? { createdTo: nextDay(search.to) } : {}),
    ...(search.overQuota ? { overQuota: 'true' as const } : {}),
    page: search.page,
    limit: ADMIN_PAGE_SIZE_DEFAULT,
  };
}
