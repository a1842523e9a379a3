import { Button, ColorSwatch, Group } from '@mantine/core';
import type { ChartSeries } from '../lib/usage-chart.ts';

type SeriesLegendProps = {
  series: (ChartSeries & { label: string })[];
  hidden: string[];
  onToggle: (name: string) => void;
};

/** The chart's legend: each item is a toggle button that hides or shows its series. */
export function SeriesLegend({ series, hidden, onToggle }: SeriesLegendProps) {
  return (
    <Group gap={6} mt="sm" justify="center">
      {series.map(({ name, label, color }) => {
        const isShown = !hidden.includes(name);
        return (
          <Button
            key={name}
            size="compact-xs"
            variant={isShown ? 'default' : 'subtle'}
            c={isShown ? undefined : 'dimmed'}
            aria-pressed={isShown}
            onClick={() => onToggle(name)}
            leftSection={<ColorSwatch color={`var(--mantine-color-${color.replace('.', '-')})`} size={10} />}
            styles={{ label: { textDecoration: isShown ? undefined : 'line-through' } }}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
