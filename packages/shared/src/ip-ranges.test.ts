import { describe, expect, it } from 'vitest';
import { formatIpRange, isIpInRange, parseIpAddress, parseIpRange } from './ip-ranges.ts';

const range = (text: string) => {
  const parsed = parseIpRange(text);
  if (!parsed) throw new Error(`not a range: ${text}`);
  return parsed;
};
const inRange = (address: string, text: string) => isIpInRange(parseIpAddress(address)!, range(text));

describe('IP addresses', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['0.0.0.0', '0.0.0.0'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['::', '::'],
    ['::1', '::1'],
    ['1::', '1::'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:0201', '192.0.2.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('reads %s as %s', (text, canonical) => {
    expect(formatIpRange(range(text))).toBe(canonical);
  });

  it.each([
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    ' 1.2.3.4',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1::2::3',
    ':1:2:3:4:5:6:7',
    '12345::',
    'fe80::1%eth0',
    '1.2.3.4::',
    'g::1',
    'localhost',
    '',
  ])('refuses %j', (text) => {
    expect(parseIpAddress(text)).toBeNull();
    expect(parseIpRange(text)).toBeNull();
  });
});

describe('CIDR ranges', () => {
  it('clears host bits and keeps a canonical text', () => {
    expect(formatIpRange(range('10.1.2.3/8'))).toBe('10.0.0.0/8');
    expect(formatIpRange(range('192.168.1.77/26'))).toBe('192.168.1.64/26');
    expect(formatIpRange(range('2001:db8:abcd:12::1/48'))).toBe('2001:db8:abcd::/48');
    expect(formatIpRange(range('0.0.0.0/0'))).toBe('0.0.0.0/0');
    expect(formatIpRange(range('::/0'))).toBe('::/0');
    expect(formatIpRange(range('203.0.113.7/32'))).toBe('203.0.113.7');
    expect(formatIpRange(range('::ffff:10.0.0.0/104'))).toBe('10.0.0.0/8');
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/08', '10.0.0.0/-1', '10.0.0.0/8/8', '/8'])(
    'refuses %j',
    (text) => expect(parseIpRange(text)).toBeNull(),
  );

  it('matches addresses at the edges of a range and nothing beyond', () => {
    expect(inRange('10.255.255.255', '10.0.0.0/8')).toBe(true);
    expect(inRange('11.0.0.0', '10.0.0.0/8')).toBe(false);
    expect(inRange('192.168.1.64', '192.168.1.64/26')).toBe(true);
    expect(inRange('192.168.1.127', '192.168.1.64/26')).toBe(true);
    expect(inRange('192.168.1.128', '192.168.1.64/26')).toBe(false);
    expect(inRange('192.168.1.63', '192.168.1.64/26')).toBe(false);
    expect(inRange('2001:db8:ffff:ffff::1', '2001:db8::/32')).toBe(true);
    expect(inRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(inRange('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(inRange('203.0.113.8', '203.0.113.7')).toBe(false);
  });

  it('keeps the versions apart: 0.0.0.0/0 is every IPv4 client, ::/0 every IPv6 one', () => {
    expect(inRange('198.51.100.1', '0.0.0.0/0')).toBe(true);
    expect(inRange('2001:db8::1', '0.0.0.0/0')).toBe(false);
    expect(inRange('2001:db8::1', '::/0')).toBe(true);
    expect(inRange('198.51.100.1', '::/0')).toBe(false);
    // A dual-stack socket reports IPv4 clients as mapped IPv6 addresses.
    expect(inRange('::ffff:198.51.100.1', '198.51.100.0/24')).toBe(true);
  });
});
