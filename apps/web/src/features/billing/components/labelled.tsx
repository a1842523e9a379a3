import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small uppercase caption over its content: the fields of an invoice and of a billing summary. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
