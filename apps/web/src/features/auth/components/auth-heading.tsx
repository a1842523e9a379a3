import { Stack, Text, Title } from '@mantine/core';

type AuthHeadingProps = { title: string; subtitle?: string };

export function AuthHeading({ title, subtitle }: AuthHeadingProps) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={26}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
