import { describe, expect, it } from 'vitest';
import { createTestToken } from './test-tokens.ts';
import { isTokenExpired } from './token-expiry.ts';

describe('isTokenExpired', () => {
  it('judges from the exp claim', () => {
    expect(isTokenExpired(createTestToken({ sub: 'u' }, 60))).toBe(false);
    expect(isTokenExpired(createTestToken({ sub: 'u' }, -1))).toBe(true);
    const token = createTestToken({ sub: 'u' }, 60);
    expect(isTokenExpired(token, Date.now() + 61_000)).toBe(true);
  });

  it('counts an undecodable token as expired and one without exp as valid', () => {
    expect(isTokenExpired('garbage')).toBe(true);
    const withoutExp = `${btoa('{"alg":"none"}')}.${btoa('{"sub":"u"}')}.`.replaceAll('=', '');
    expect(isTokenExpired(withoutExp)).toBe(false);
  });
});
