import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionCardProps = { title: string; actions?: ReactNode; children: ReactNode };

/** A titled card of a console screen, a `<section>` named by its heading. */
export function SectionCard({ title, actions, children }: SectionCardProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="lg" miw={0} h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}
