import { useEffect } from 'react';

/**
 * Sets a CSS custom property on <html> while `value` is not null: how notices that float at the bottom of
 * the window tell the page and each other how much room they take.
 */
export function useRootStyleProperty(name: `--${string}`, value: string | null): void {
  useEffect(() => {
    if (value === null) return;
    const { style } = document.documentElement;
    style.setProperty(name, value);
    return () => {
      style.removeProperty(name);
    };
  }, [name, value]);
}
