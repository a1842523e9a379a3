import { describe, expect, it } from 'vitest';
import { formatPeriod } from './format-period.ts';

describe('formatPeriod', () => {
  it('writes days short on the axis and in full in tooltips, in the user language', () => {
    expect(formatPeriod('2026-11-22', 'pt-BR', 'short')).toBe('22 de nov.');
    expect(formatPeriod('2026-11-22', 'en', 'short')).toBe('Nov 22');
    expect(formatPeriod('2026-11-22', 'pt-BR', 'full')).toBe('dom., 22 de novembro de 2026');
    expect(formatPeriod('2026-11-22', 'en', 'full')).toBe('Sun, November 22, 2026');
  });

  it('writes a table row’s day with its weekday but short enough for a phone', () => {
    expect(formatPeriod('2026-11-22', 'pt-BR', 'medium')).toBe('dom., 22 de nov.');
    expect(formatPeriod('2026-11-22', 'en', 'medium')).toBe('Sun, Nov 22');
    expect(formatPeriod('2025-12', 'pt-BR', 'medium')).toBe('dezembro de 2025');
  });

  it('writes months with their year so they do not read as dates', () => {
    expect(formatPeriod('2025-12', 'pt-BR', 'short')).toBe('dez. 2025');
    expect(formatPeriod('2025-12', 'en', 'short')).toBe('Dec 2025');
    expect(formatPeriod('2025-12', 'pt-BR', 'full')).toBe('dezembro de 2025');
    expect(formatPeriod('2025-12', 'en', 'full')).toBe('December 2025');
  });

  it('answers an empty label for no period instead of throwing', () => {
    expect(formatPeriod('undefined', 'en', 'full')).toBe('');
  });
});
