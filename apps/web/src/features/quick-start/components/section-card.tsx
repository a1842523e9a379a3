import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = { id: string; title: string; description?: string; children: ReactNode };

/** One step of the page: a titled card, named by its heading for assistive technology. */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id} miw={0}>
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}
