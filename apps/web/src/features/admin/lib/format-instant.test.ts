import { describe, expect, it } from 'vitest';
import { formatInstant } from './format-instant.ts';

describe('a chart’s time label', () => {
  const format = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

  it('formats an instant in the page’s language', () => {
    expect(formatInstant('2026-11-26T14:00:00.000Z', format)).toBe('14:00');
  });

  it('gives back what is not a date instead of throwing (the tooltip asks with an empty label)', () => {
    expect(formatInstant('', format)).toBe('');
    expect(formatInstant(undefined, format)).toBe('');
    expect(formatInstant('hour', format)).toBe('hour');
  });
});
