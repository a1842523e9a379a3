import { afterEach } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// happy-dom lays nothing out, so Mantine's focus trap finds no visible focusable element in an opening menu
// and logs the whole element with its React fiber (thousands of lines). A browser finds the menu's items.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return;
  warn(...args);
};
