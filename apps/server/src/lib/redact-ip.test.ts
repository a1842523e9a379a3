import { describe, expect, it } from 'vitest';
import { redactIp } from './redact-ip.ts';

describe('redactIp: a client address as the logs may hold it', () => {
  it('keeps the network only: IPv4 /24, IPv6 /48, an IPv4-mapped address as IPv4', () => {
    expect(redactIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(redactIp('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(redactIp('2001:db8:abcd:12::7')).toBe('2001:db8:abcd::/48');
    expect(redactIp('2001:DB8:0:12:0:0:0:7')).toBe('2001:db8::/48');
    expect(redactIp('1::2:3:4:5:6:7')).toBe('1:0:2::/48');
    expect(redactIp('64:ff9b::192.0.2.1')).toBe('64:ff9b::/48');
    expect(redactIp('fe80::1%eth0')).toBe('fe80::/48');
    expect(redactIp('::1')).toBe('::/48');
  });

  it('never echoes what it cannot read', () => {
    for (const text of ['not an address', '1::2::3', '1:2:3', '12345::1', '1:2:3:4:5:6:7:8:9'])
      expect(redactIp(text), text).toBe('[redacted]');
  });
});
