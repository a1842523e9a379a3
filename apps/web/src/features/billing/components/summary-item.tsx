import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a billing summary. */
export function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}
