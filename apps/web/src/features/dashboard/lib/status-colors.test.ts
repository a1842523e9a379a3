import { describe, expect, it } from 'vitest';
import { getStatusColor } from './status-colors.ts';

const hue = (color: string) => color.split('.')[0];

describe('getStatusColor', () => {
  it('gives each class its hue: 2xx green, 3xx blue, 4xx amber/orange, 429 its own, 5xx red', () => {
    expect(hue(getStatusColor('200'))).toBe('green');
    expect(hue(getStatusColor('304'))).toBe('blue');
    expect(['yellow', 'orange']).toContain(hue(getStatusColor('400')));
    expect(['yellow', 'orange']).toContain(hue(getStatusColor('404')));
    expect(getStatusColor('429')).toBe('violet.6');
    expect(hue(getStatusColor('500'))).toBe('red');
    expect(hue(getStatusColor('599'))).toBe('red');
  });

  it('tells apart the codes of one class and falls back per class, then grey', () => {
    const clientErrors = ['400', '401', '403', '404', '422', '429'].map(getStatusColor);
    expect(new Set(clientErrors).size).toBe(clientErrors.length);
    expect(getStatusColor('200')).not.toBe(getStatusColor('304'));
    expect(getStatusColor('418')).toBe('orange.3');
    expect(getStatusColor('999')).toBe('gray.6');
  });
});
