import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

type TableScrollProps = { label: string; minWidth?: number; children: ReactNode };

/**
 * A console table that scrolls sideways inside its card on a phone, never the page. The box is a named
 * region in the tab order, so a keyboard can scroll it too (axe's scrollable-region-focusable).
 */
export function TableScroll({ label, minWidth = 640, children }: TableScrollProps) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
