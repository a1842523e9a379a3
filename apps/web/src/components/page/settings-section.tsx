import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = {
  /** Given, the card is a `<section>` named by its heading for assistive technology. */
  id?: string;
  title: string;
  description?: string;
  children: ReactNode;
};

/** One titled card of a settings tab or a page section. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <Card
      component={id ? 'section' : 'div'}
      aria-labelledby={id}
      withBorder
      radius="md"
      padding="lg"
      // Wide content (code, tables) scrolls inside the card rather than widening a grid or flex row.
      miw={0}
    >
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
