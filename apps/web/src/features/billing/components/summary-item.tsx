import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Labelled } from './labelled.tsx';

/** One labelled figure of a billing summary. */
export function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labelled label={label}>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Labelled>
  );
}
