import { describe, expect, it } from 'vitest';
import { getStatusClass, getStatusClassColor, STATUS_CLASSES } from './status-colors.ts';

describe('getStatusClass', () => {
  it('puts the answers that use the quota together and 429 apart from the other 4xx', () => {
    expect([200, 201, 204, 304].map(getStatusClass)).toEqual(['success', 'success', 'success', 'success']);
    expect([400, 401, 403, 404, 422].map(getStatusClass)).toEqual(Array(5).fill('client'));
    expect(getStatusClass(429)).toBe('limit');
    expect([500, 502, 503, 504].map(getStatusClass)).toEqual(Array(4).fill('server'));
    // Codes the APIs do not answer still land somewhere, never among the successes.
    expect([101, 301, 302, 999].map(getStatusClass)).toEqual(Array(4).fill('other'));
  });
});

describe('getStatusClassColor', () => {
  it('follows severity: calm brand green, amber 4xx, orange 429, red 5xx', () => {
    expect(getStatusClassColor('success')).toBe('brand.5');
    expect(getStatusClassColor('client')).toBe('yellow.6');
    expect(getStatusClassColor('limit')).toBe('orange.7');
    expect(getStatusClassColor('server')).toBe('red.9');
    expect(getStatusClassColor('other')).toBe('gray.5');
  });

  it('gives every class its own colour, stacked from calm to severe', () => {
    const colors = STATUS_CLASSES.map(getStatusClassColor);
    expect(new Set(colors).size).toBe(colors.length);
    expect(STATUS_CLASSES.slice(0, 4)).toEqual(['success', 'client', 'limit', 'server']);
  });
});
