import { describe, expect, it } from 'vitest';
import { clientNetwork, emailDomain, phonePrefix } from './delivery-throttle.ts';

describe('what the hourly delivery limits count by', () => {
  it('a phone number by its country and area code', () => {
    expect(phonePrefix('+5511987654321')).toBe('+55 11');
    expect(phonePrefix('+552133334444')).toBe('+55 21');
    expect(phonePrefix('+14155550123')).toBe('+1 415');
    expect(phonePrefix('+447700900123')).toBe('+44 77');
    expect(phonePrefix('+79161234567')).toBe('+7 91');
    expect(phonePrefix('+351912345678')).toBe('+351 91');
    expect(phonePrefix('+8801712345678')).toBe('+880 17');
    expect(phonePrefix('ana@example.com')).toBeUndefined();
  });

  it('an e-mail address by its domain', () => {
    expect(emailDomain('ana@Example.COM')).toBe('example.com');
    expect(emailDomain('+5511987654321')).toBeUndefined();
  });

  it('an IPv4 client by its address, an IPv6 one by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
  });
});
