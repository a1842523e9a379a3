import { describe, expect, it } from 'vitest';
import type { ApiStatus } from '#web/lib/status/get-status.ts';
import { formatDataDate, getOutages, getOverallState, hasNewOutage } from './derive-status.ts';

function status(apis: ApiStatus['apis'], overall: ApiStatus['status']): ApiStatus {
  return { status: overall, generatedAt: '2026-11-25T12:00:00.000Z', apis, sources: [] };
}

describe('what the banner is about', () => {
  it('is only the APIs that cannot answer, never stale data', () => {
    const stale = status(
      [{ api: 'quotes', state: 'stale', dataAsOf: '2026-09-29T00:00:00.000Z' }],
      'degraded',
    );
    expect(getOutages(stale)).toEqual([]);
    const down = status(
      [
        { api: 'quotes', state: 'outage', dataAsOf: null },
        { api: 'cep', state: 'operational', dataAsOf: null },
      ],
      'outage',
    );
    expect(getOutages(down)).toEqual(['quotes']);
  });

  it('comes back after being closed only when another API goes down', () => {
    expect(hasNewOutage(['quotes'], ['quotes'])).toBe(false);
    expect(hasNewOutage(['quotes', 'cep'], ['cep'])).toBe(false);
    expect(hasNewOutage(['quotes'], ['quotes', 'cep'])).toBe(true);
  });
});

describe('the headline', () => {
  it('follows the server, and is unknown on a server that runs no API', () => {
    expect(getOverallState(status([], 'ok'))).toBe('unknown');
    expect(getOverallState(status([{ api: 'cep', state: 'operational', dataAsOf: null }], 'ok'))).toBe('ok');
  });
});

describe('the data’s date', () => {
  it('is the day in São Paulo, as the quotes API dates its answers, in the page’s language', () => {
    expect(formatDataDate('2026-09-29T00:00:00.000Z', 'pt-BR')).toBe('28 de setembro de 2026');
    expect(formatDataDate('2026-09-29T00:00:00.000Z', 'en')).toBe('September 28, 2026');
    expect(formatDataDate('2026-09-29T00:00:00.000Z', 'pt-BR', 'medium')).toBe('28 de set. de 2026');
  });
});
