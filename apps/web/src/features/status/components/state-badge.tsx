import { Badge } from '@mantine/core';
import { AlertTriangleIcon, CheckIcon, HelpCircleIcon, XCircleIcon } from '#web/components/icons.tsx';
import type { ApiState } from '#web/lib/status/get-status.ts';
import type { OverallState } from '../lib/derive-status.ts';

type Look = { color: string; Icon: typeof CheckIcon };

/** Red only for an API that cannot answer; amber for one that answers from old data. */
export const API_LOOKS: Record<ApiState | 'unknown', Look> = {
  operational: { color: 'teal', Icon: CheckIcon },
  stale: { color: 'yellow', Icon: AlertTriangleIcon },
  outage: { color: 'red', Icon: XCircleIcon },
  unknown: { color: 'gray', Icon: HelpCircleIcon },
};

export const OVERALL_LOOKS: Record<OverallState, Look> = {
  ok: API_LOOKS.operational,
  degraded: API_LOOKS.stale,
  outage: API_LOOKS.outage,
  unknown: API_LOOKS.unknown,
};

/** A source with no answer is not an API outage (another source, or the bundled copy, answers for it): grey. */
export const SOURCE_LOOKS: Record<ApiState, Look> = {
  operational: API_LOOKS.operational,
  stale: API_LOOKS.stale,
  outage: { color: 'gray', Icon: XCircleIcon },
};

/** A state in words with its icon: the colour only repeats what the text says. */
export function StateBadge({ look, label }: { look: Look; label: string }) {
  const { color, Icon } = look;
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      radius="sm"
      leftSection={<Icon size={14} />}
      styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
    >
      {label}
    </Badge>
  );
}
