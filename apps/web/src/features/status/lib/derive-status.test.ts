import { describe, expect, it } from 'vitest';
import type { SourceStatus } from '#web/lib/status/get-status.ts';
import {
  getApiState,
  getOverallState,
  getSourceState,
  hasWorsened,
  snapshotStates,
} from './derive-status.ts';

const HOUR = 3_600_000;

function source(overrides: Partial<SourceStatus> = {}): SourceStatus {
  return {
    name: 'ecb',
    api: 'quotes',
    cadenceMs: 5 * 24 * HOUR,
    lastSuccessAt: '2026-11-22T10:00:00.000Z',
    lastFailureAt: null,
    lastError: null,
    ageMs: HOUR,
    isStale: false,
    onDemand: false,
    isFallback: false,
    circuit: 'closed',
    ...overrides,
  };
}

const fresh = source();
const staleWithData = source({ name: 'bcb-ptax', isStale: true, ageMs: 9 * 24 * HOUR });
const neverSucceeded = source({ name: 'currency-api-cdn', isStale: true, lastSuccessAt: null, ageMs: null });

describe('one source', () => {
  it.each([
    ['fresh, circuit closed', fresh, 'operational'],
    ['fresh, circuit half-open', source({ circuit: 'half-open' }), 'degraded'],
    ['fresh, circuit open', source({ circuit: 'open' }), 'degraded'],
    ['stale data, still asked', staleWithData, 'degraded'],
    ['stale data, half-open', source({ isStale: true, circuit: 'half-open' }), 'degraded'],
    ['stale data, circuit open', source({ isStale: true, circuit: 'open' }), 'down'],
    ['never succeeded', neverSucceeded, 'down'],
  ] as const)('%s is %s', (_case, input, expected) => {
    expect(getSourceState(input)).toBe(expected);
  });
});

describe('one API from its sources', () => {
  it('is operational only when every source is fresh with its circuit closed', () => {
    expect(getApiState([fresh, source({ name: 'bcb-ptax' })])).toBe('operational');
  });

  it('is degraded when a source is stale or its circuit is not closed but another one serves', () => {
    expect(getApiState([fresh, staleWithData])).toBe('degraded');
    expect(getApiState([fresh, neverSucceeded])).toBe('degraded');
    expect(getApiState([source({ circuit: 'open' })])).toBe('degraded');
    // The bundled dataset is a last resort: listed, but never what makes an API degraded or down.
    expect(getApiState([fresh, source({ name: 'currency-api-npm', isStale: true, isFallback: true })])).toBe(
      'operational',
    );
    expect(getApiState([source({ isStale: true, isFallback: true })])).toBe('unknown');
  });

  it('is down when no source has fresh data', () => {
    expect(getApiState([staleWithData, neverSucceeded])).toBe('down');
  });

  it('is unknown when the server reports no source for it', () => {
    expect(getApiState([])).toBe('unknown');
  });
});

describe('the headline', () => {
  const cep = (overrides: Partial<SourceStatus> = {}) => source({ name: 'viacep', api: 'cep', ...overrides });

  it('is the worst of the two APIs', () => {
    expect(getOverallState([fresh, cep()])).toBe('operational');
    expect(getOverallState([fresh, staleWithData, cep()])).toBe('degraded');
    expect(getOverallState([fresh, cep({ isStale: true, lastSuccessAt: null })])).toBe('down');
  });

  it('ignores an API with no sources, and is unknown when there are none at all', () => {
    expect(getOverallState([fresh])).toBe('operational');
    expect(getOverallState([])).toBe('unknown');
  });
});

describe('telling whether things got worse since the banner was closed', () => {
  const dismissedWith = snapshotStates([fresh, staleWithData]);

  it('is not worse when nothing changed or something recovered', () => {
    expect(hasWorsened(dismissedWith, snapshotStates([fresh, staleWithData]))).toBe(false);
    expect(hasWorsened(dismissedWith, snapshotStates([fresh, source({ name: 'bcb-ptax' })]))).toBe(false);
  });

  it('is worse when a source goes down, or another source (unknown before) is in trouble', () => {
    const ptaxDown = source({ name: 'bcb-ptax', isStale: true, circuit: 'open' });
    expect(hasWorsened(dismissedWith, snapshotStates([fresh, ptaxDown]))).toBe(true);
    expect(hasWorsened(dismissedWith, snapshotStates([fresh, staleWithData, neverSucceeded]))).toBe(true);
    expect(
      hasWorsened(dismissedWith, snapshotStates([source({ circuit: 'half-open' }), staleWithData])),
    ).toBe(true);
  });
});
