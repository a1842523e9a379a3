import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type StatCardProps = { label: string; value: ReactNode; hint?: ReactNode; className?: string };

/** One figure at a glance, named by its label for assistive technology. */
export function StatCard({ label, value, hint, className }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label} className={className}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fz={{ base: 22, sm: 26 }} fw={700} lh={1.3}>
        {value}
      </Text>
      {hint && (
        <Text component="div" size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
