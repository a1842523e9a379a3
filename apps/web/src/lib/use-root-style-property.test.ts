import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRootStyleProperty } from './use-root-style-property.ts';

const read = () => document.documentElement.style.getPropertyValue('--test-room');

afterEach(() => document.documentElement.style.removeProperty('--test-room'));

describe('useRootStyleProperty', () => {
  it('sets the property on <html> while mounted, follows its value, and removes it on unmount', () => {
    const view = renderHook(({ value }) => useRootStyleProperty('--test-room', value), {
      initialProps: { value: '120px' as string | null },
    });
    expect(read()).toBe('120px');
    view.rerender({ value: '90px' });
    expect(read()).toBe('90px');
    view.unmount();
    expect(read()).toBe('');
  });

  it('sets nothing, and clears what it had set, while the value is null', () => {
    const view = renderHook(({ value }) => useRootStyleProperty('--test-room', value), {
      initialProps: { value: null as string | null },
    });
    expect(read()).toBe('');
    view.rerender({ value: '40px' });
    expect(read()).toBe('40px');
    view.rerender({ value: null });
    expect(read()).toBe('');
  });
});
