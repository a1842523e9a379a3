import { describe, expect, it } from 'vitest';
import { parseAllowedList } from './allowed-list.ts';
import { normalizeOrigin } from './origins.ts';

describe('origins of public keys', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['HTTPS://App.Example.COM', 'https://app.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://example.com:443', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['http://[2001:DB8::0001]:8080', 'http://[2001:db8::1]:8080'],
    ['chrome-extension://abcdefghijklmnop', 'chrome-extension://abcdefghijklmnop'],
  ])('accepts %s as %s', (text, origin) => {
    expect(normalizeOrigin(text)).toBe(origin);
  });

  it.each([
    'example.com',
    'https://example.com/',
    'https://example.com/path',
    'https://example.com?x=1',
    'https://*.example.com',
    'https://user@example.com',
    'https://example.com:0',
    'https://example.com:65536',
    'https://exa_mple.com',
    'https://-example.com',
    'https://example..com',
    'http://[::1',
    'http://[1.2.3.4]',
    'http://999.1.1.1',
    '//example.com',
    'https://exämple.com',
  ])('refuses %j', (text) => {
    expect(normalizeOrigin(text)).toBeNull();
  });
});

describe('allowed lists', () => {
  it('reads a public list, normalised and without duplicates', () => {
    expect(parseAllowedList('public', 'https://a.com, https://A.com:443,\nhttp://localhost:3000')).toEqual({
      ok: true,
      entries: ['https://a.com', 'http://localhost:3000'],
    });
  });

  it('treats * as every origin, even next to others', () => {
    expect(parseAllowedList('public', '*')).toEqual({ ok: true, entries: ['*'] });
    expect(parseAllowedList('public', 'https://a.com, *')).toEqual({ ok: true, entries: ['*'] });
  });

  it('reads a private list of addresses and ranges', () => {
    expect(parseAllowedList('private', '0.0.0.0/0, ::/0')).toEqual({
      ok: true,
      entries: ['0.0.0.0/0', '::/0'],
    });
    expect(parseAllowedList('private', '203.0.113.7, 10.9.8.7/8, 2001:DB8::/32')).toEqual({
      ok: true,
      entries: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
    });
  });

  it('reads an empty public list as no origin at all (the key answers no one yet)', () => {
    expect(parseAllowedList('public', ' , ')).toEqual({ ok: true, entries: [] });
    expect(parseAllowedList('public', '')).toEqual({ ok: true, entries: [] });
  });

  it('names the problem of a bad list', () => {
    expect(parseAllowedList('private', '')).toEqual({ ok: false, message: 'allowedIpsRequired' });
    expect(parseAllowedList('public', 'https://a.com, a.com')).toEqual({
      ok: false,
      message: 'allowedOriginInvalid',
    });
    expect(parseAllowedList('public', '10.0.0.0/8')).toEqual({ ok: false, message: 'allowedOriginInvalid' });
    expect(parseAllowedList('private', '*')).toEqual({ ok: false, message: 'allowedIpInvalid' });
    expect(parseAllowedList('private', 'https://a.com')).toEqual({ ok: false, message: 'allowedIpInvalid' });
    expect(parseAllowedList('private', '10.0.0.0/33')).toEqual({ ok: false, message: 'allowedIpInvalid' });
    const many = Array.from({ length: 101 }, (_, index) => `10.0.0.${index}`).join(',');
    expect(parseAllowedList('private', many)).toEqual({ ok: false, message: 'allowedListTooLong' });
  });
});
