import type { UsageView } from './usage-chart.ts';

export type UsageFilter = { keyId?: string; projectId?: string };

/** The dashboard's state in the URL (`?keyId=…&projectId=…&view=months`), so a view can be shared. */
export function readUsageSearch(params: URLSearchParams): UsageFilter & { view: UsageView } {
  return {
    keyId: params.get('keyId') || undefined,
    projectId: params.get('projectId') || undefined,
    view: params.get('view') === 'months' ? 'months' : 'days',
  };
}

/** The same parameters with one changed; an empty value removes it, `days` is the default view. */
export function writeUsageSearch(
  params: URLSearchParams,
  name: 'keyId' | 'projectId' | 'view',
  value: string | null,
) {
  const next = new URLSearchParams(params);
  if (!value || (name === 'view' && value === 'days')) next.delete(name);
  else next.set(name, value);
  return next;
}
