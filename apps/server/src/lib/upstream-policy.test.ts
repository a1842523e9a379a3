import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CircuitState } from './source-health.ts';
import { UpstreamError } from './upstream-error.ts';
import { createUpstreamPolicy, isCircuitOpen } from './upstream-policy.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp(timeoutMs?: number) {
  const changes: CircuitState[] = [];
  const policy = createUpstreamPolicy({
    failureThreshold: 3,
    cooldownMs: 1000,
    timeoutMs,
    onStateChange: (state) => changes.push(state),
  });
  let calls = 0;
  const succeed = () =>
    policy.execute(async () => {
      calls += 1;
      return 'ok';
    });
  const fail = () =>
    policy
      .execute(async () => {
        calls += 1;
        throw new UpstreamError('http', 'status 502');
      })
      .catch((error: unknown) => error);
  return { policy, changes, succeed, fail, calls: () => calls };
}

describe('upstream policy', () => {
  it('opens after the threshold of consecutive failures and refuses calls without making them', async () => {
    const { policy, changes, fail, succeed, calls } = setUp();
    await fail();
    await fail();
    expect(policy.state).toBe('closed');
    expect(await fail()).toBeInstanceOf(UpstreamError);
    expect(policy.state).toBe('open');
    const refused = await succeed().catch((error: unknown) => error);
    expect(isCircuitOpen(refused)).toBe(true);
    expect(calls()).toBe(3);
    expect(changes).toEqual(['open']);
  });

  it('a success in between resets the count', async () => {
    const { policy, fail, succeed } = setUp();
    await fail();
    await fail();
    await succeed();
    await fail();
    await fail();
    expect(policy.state).toBe('closed');
  });

  it('after the cool-down lets exactly one trial through; its success closes the circuit', async () => {
    const { policy, changes, fail, calls } = setUp();
    for (let i = 0; i < 3; i++) await fail();
    vi.setSystemTime(999);
    expect(isCircuitOpen(await fail())).toBe(true);
    vi.setSystemTime(1000);
    let finishTrial = () => {};
    const trial = policy.execute(() => new Promise<void>((resolve) => (finishTrial = resolve)));
    expect(policy.state).toBe('half-open');
    expect(isCircuitOpen(await fail())).toBe(true);
    expect(calls()).toBe(3);
    finishTrial();
    await trial;
    expect(policy.state).toBe('closed');
    expect(changes).toEqual(['open', 'half-open', 'closed']);
  });

  it('a failed trial reopens at once and restarts the cool-down', async () => {
    const { policy, fail } = setUp();
    for (let i = 0; i < 3; i++) await fail();
    vi.setSystemTime(1000);
    expect(await fail()).toBeInstanceOf(UpstreamError);
    expect(policy.state).toBe('open');
    vi.setSystemTime(1500);
    expect(isCircuitOpen(await fail())).toBe(true);
  });

  it('a call the caller abandons is neither a success nor a failure', async () => {
    const { policy, fail } = setUp();
    await fail();
    await fail();
    const race = new AbortController();
    const abandoned = policy.execute(
      (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      race.signal,
    );
    race.abort();
    await expect(abandoned).rejects.toThrow();
    expect(policy.state).toBe('closed');
    await fail();
    expect(policy.state).toBe('open');
  });

  it('fails a call past its deadline as a timeout, which counts as a failure', async () => {
    vi.useRealTimers();
    const { policy } = setUp(20);
    let aborted = false;
    const slow = policy.execute(
      (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          setTimeout(resolve, 1000);
        }),
    );
    const error = await slow.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('timeout');
    expect(aborted).toBe(true);
  });
});
