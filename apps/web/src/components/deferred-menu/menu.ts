/** Mantine's Menu (with Popover and floating-ui) on its own, for `DeferredMenu` to load after the first paint. */
export { Menu } from '@mantine/core';
