import { Box, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './organization-rows.module.css';

type ListRowProps = {
  /** Who (name, address, details), stacked. */
  children: ReactNode;
  /** The row's controls, at its end; under the details on a phone. */
  actions: ReactNode;
};

/** One member or invitation in its list: the details, then the controls, wrapping on narrow screens. */
export function ListRow({ children, actions }: ListRowProps) {
  return (
    <Box component="li" className={classes.row}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
          {children}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      </Group>
    </Box>
  );
}
