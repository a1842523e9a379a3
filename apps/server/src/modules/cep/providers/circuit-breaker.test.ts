import { describe, expect, it } from 'vitest';
import type { CircuitState } from '../../../lib/source-health.ts';
import { CircuitBreaker } from './circuit-breaker.ts';

function breaker() {
  let now = 0;
  const changes: CircuitState[] = [];
  const subject = new CircuitBreaker({
    failureThreshold: 3,
    cooldownMs: 1000,
    now: () => now,
    onStateChange: (state) => changes.push(state),
  });
  const advance = (ms: number) => {
    now += ms;
  };
  return { subject, changes, advance };
}

describe('circuit breaker', () => {
  it('opens after the threshold of consecutive failures and refuses calls', () => {
    const { subject, changes } = breaker();
    subject.recordFailure();
    subject.recordFailure();
    expect(subject.tryAcquire()).toBe(true);
    subject.recordFailure();
    expect(subject.state).toBe('open');
    expect(subject.tryAcquire()).toBe(false);
    expect(changes).toEqual(['open']);
  });

  it('a success in between resets the count', () => {
    const { subject } = breaker();
    subject.recordFailure();
    subject.recordFailure();
    subject.recordSuccess();
    subject.recordFailure();
    subject.recordFailure();
    expect(subject.state).toBe('closed');
  });

  it('after the cool-down lets exactly one trial through; its success closes the circuit', () => {
    const { subject, changes, advance } = breaker();
    for (let i = 0; i < 3; i++) subject.recordFailure();
    advance(999);
    expect(subject.tryAcquire()).toBe(false);
    advance(1);
    expect(subject.tryAcquire()).toBe(true);
    expect(subject.state).toBe('half-open');
    expect(subject.tryAcquire()).toBe(false);
    subject.recordSuccess();
    expect(subject.state).toBe('closed');
    expect(changes).toEqual(['open', 'half-open', 'closed']);
  });

  it('a failed trial reopens at once and restarts the cool-down', () => {
    const { subject, advance } = breaker();
    for (let i = 0; i < 3; i++) subject.recordFailure();
    advance(1000);
    expect(subject.tryAcquire()).toBe(true);
    subject.recordFailure();
    expect(subject.state).toBe('open');
    advance(500);
    expect(subject.tryAcquire()).toBe(false);
  });

  it('a cancelled trial frees the slot for the next caller', () => {
    const { subject, advance } = breaker();
    for (let i = 0; i < 3; i++) subject.recordFailure();
    advance(1000);
    expect(subject.tryAcquire()).toBe(true);
    subject.recordCancelled();
    expect(subject.tryAcquire()).toBe(true);
  });
});
