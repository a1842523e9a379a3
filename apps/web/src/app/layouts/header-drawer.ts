/** Mantine's Drawer on its own, for the header to load the first time its menu opens (decision 016). */
export { Drawer } from '@mantine/core';
