import { Button, ColorSwatch, Group, Text } from '@mantine/core';
import type { StatusClass } from '../lib/status-colors.ts';
import type { ChartSeries } from '../lib/usage-chart.ts';

export type LegendSeries = ChartSeries & { code: string; meaning: string };

type SeriesLegendProps = {
  series: LegendSeries[];
  hidden: StatusClass[];
  onToggle: (name: StatusClass) => void;
  /** The quota line's label, on the Months view. */
  quota?: string;
};

/** The chart's legend: each class with what it means, a toggle that hides or shows it; then the quota line. */
export function SeriesLegend({ series, hidden, onToggle, quota }: SeriesLegendProps) {
  return (
    <Group gap={6} mt="sm" justify="center">
      {series.map(({ name, code, meaning, color }) => {
        const isShown = !hidden.includes(name);
        return (
          <Button
            key={name}
            size="compact-xs"
            variant={isShown ? 'default' : 'subtle'}
            c={isShown ? undefined : 'dimmed'}
            fw={400}
            aria-pressed={isShown}
            onClick={() => onToggle(name)}
            leftSection={<ColorSwatch color={`var(--mantine-color-${color.replace('.', '-')})`} size={10} />}
            styles={{ label: { textDecoration: isShown ? undefined : 'line-through' } }}
          >
            {/* One span: the button's label is a flex box, which would drop the space between two items. */}
            <span>
              <Text span fw={700} fz="inherit">
                {code}
              </Text>{' '}
              {meaning}
            </span>
          </Button>
        );
      })}
      {quota && (
        <Group gap={6} wrap="nowrap" px={8}>
          <svg width="18" height="10" aria-hidden="true">
            <line
              x1="0"
              y1="5"
              x2="18"
              y2="5"
              stroke="var(--mantine-color-gray-7)"
              strokeWidth="2"
              strokeDasharray="5 3"
            />
          </svg>
          <Text size="xs">{quota}</Text>
        </Group>
      )}
    </Group>
  );
}
