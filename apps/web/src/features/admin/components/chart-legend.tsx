import { ColorSwatch, Group, Text } from '@mantine/core';

export type LegendItem = { label: string; color: string };

/** A chart's series in words beside their colour: the colour only repeats what the words say. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <Group gap="md" mt="xs" justify="center" component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {items.map((item) => (
        <Group key={item.label} gap={6} component="li" wrap="nowrap">
          <ColorSwatch
            component="span"
            color={`var(--mantine-color-${item.color.replace('.', '-')})`}
            size={10}
            aria-hidden="true"
          />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
