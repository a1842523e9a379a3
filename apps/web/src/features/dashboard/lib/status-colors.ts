import { usesQuota } from '@cotacep/shared/plans';

/**
 * The chart's series, calm to severe (the stacking and legend order): the answers that use the quota
 * (2xx and 304), the caller's request errors, the rate or quota limit (429, told apart from the other 4xx
 * since the fix is a plan or a pause, not the request), and the server's errors.
 */
export const STATUS_CLASSES = ['success', 'client', 'limit', 'server', 'other'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** The codes each class stands for, as the legend and table headers write them. */
export const STATUS_CLASS_CODES: Record<StatusClass, string> = {
  success: '2xx/304',
  client: '4xx',
  limit: '429',
  server: '5xx',
  other: '1xx/3xx',
};

export function getStatusClass(code: number): StatusClass {
  if (usesQuota(code)) return 'success';
  if (code === 429) return 'limit';
  if (code >= 400 && code < 500) return 'client';
  if (code >= 500 && code < 600) return 'server';
  return 'other';
}

// Severity reads as colour strength: the brand's calm green, amber, orange, then the darkest red.
const COLORS: Record<StatusClass, string> = {
  success: 'brand.5',
  client: 'yellow.6',
  limit: 'orange.7',
  server: 'red.9',
  other: 'gray.5',
};

/** The Mantine colour of a status class, the same in chart, legend and table. */
export function getStatusClassColor(statusClass: StatusClass): string {
  return COLORS[statusClass];
}
