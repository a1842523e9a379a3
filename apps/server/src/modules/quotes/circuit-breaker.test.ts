import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

describe('circuit breaker', () => {
  it('opens after the threshold, lets one trial through after the cool-down, closes on success', () => {
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 1_000 });
    breaker.onFailure(0);
    breaker.onFailure(0);
    expect(breaker.state(0)).toBe('closed');
    breaker.onFailure(10);
    expect(breaker.state(500)).toBe('open');
    expect(breaker.canRequest(500)).toBe(false);
    expect(breaker.state(1_010)).toBe('half-open');
    expect(breaker.canRequest(1_010)).toBe(true);
    breaker.onSuccess();
    expect(breaker.state(1_020)).toBe('closed');
  });

  it('reopens at once when the half-open trial fails', () => {
    const breaker = new CircuitBreaker({ failureThreshold: 2, cooldownMs: 1_000 });
    breaker.onFailure(0);
    breaker.onFailure(0);
    breaker.onFailure(1_500);
    expect(breaker.state(1_600)).toBe('open');
    expect(breaker.state(2_500)).toBe('half-open');
  });
});
