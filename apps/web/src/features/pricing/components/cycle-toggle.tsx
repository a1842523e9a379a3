import type { BillingCycle } from '@cotacep/shared/plans';
import { Badge, Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type CycleToggleProps = { cycle: BillingCycle; onChange: (cycle: BillingCycle) => void };

/** Monthly or yearly billing (spec §4), with what a year saves. */
export function CycleToggle({ cycle, onChange }: CycleToggleProps) {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="sm">
      <SegmentedControl
        aria-label={t('pricing.cycle.label')}
        value={cycle}
        onChange={(value) => onChange(value === 'yearly' ? 'yearly' : 'monthly')}
        data={[
          { value: 'monthly', label: t('pricing.cycle.monthly') },
          { value: 'yearly', label: t('pricing.cycle.yearly') },
        ]}
        radius="xl"
        size="md"
      />
      <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
        {t('pricing.twoMonthsFree')}
      </Badge>
    </Group>
  );
}
