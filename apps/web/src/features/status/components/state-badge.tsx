import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertTriangleIcon, CheckIcon, HelpCircleIcon, XCircleIcon } from '#web/components/icons.tsx';
import type { ApiState } from '../lib/derive-status.ts';

export const STATE_COLORS: Record<ApiState, string> = {
  operational: 'teal',
  degraded: 'yellow',
  down: 'red',
  unknown: 'gray',
};

export const STATE_ICONS = {
  operational: CheckIcon,
  degraded: AlertTriangleIcon,
  down: XCircleIcon,
  unknown: HelpCircleIcon,
} as const;

/** A state in words with its icon: the colour only repeats what the text says. */
export function StateBadge({ state }: { state: ApiState }) {
  const { t } = useTranslation();
  const Icon = STATE_ICONS[state];
  return (
    <Badge
      variant="light"
      color={STATE_COLORS[state]}
      size="lg"
      radius="sm"
      leftSection={<Icon size={14} />}
      styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
    >
      {t(`status.state.${state}`)}
    </Badge>
  );
}
