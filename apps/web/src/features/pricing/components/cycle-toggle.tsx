import type { BillingCycle } from '@cotacep/shared/plans';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';

type CycleToggleProps = { cycle: BillingCycle; onChange: (cycle: BillingCycle) => void };

/** Monthly or yearly billing (spec §4), with what a year saves. */
export function CycleToggle({ cycle, onChange }: CycleToggleProps) {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="sm">
      <SegmentedChoice
        aria-label={t('pricing.cycle.label')}
        value={cycle}
        onChange={onChange}
        data={[
          { value: 'monthly', label: t('pricing.cycle.monthly') },
          { value: 'yearly', label: t('pricing.cycle.yearly') },
        ]}
        isRound
        size="md"
      />
      <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
        {t('pricing.twoMonthsFree')}
      </Badge>
    </Group>
  );
}
