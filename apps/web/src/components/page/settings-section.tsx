import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = { title: string; description?: string; children: ReactNode };

/** One titled card of a settings tab or a page section. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
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
