import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useAdvanceTestClock } from '../api/advance-test-clock.ts';
import { useTestClock } from '../api/get-test-clock.ts';
import { formatDate } from '../lib/format-date.ts';

const STEPS = [1, 7, 30];

/**
 * Development only: moves test mode's billing clock forward to see renewals, failed renewals and period
 * ends. Shown only where the server offers the clock.
 */
export function BillingClockPanel({ onAdvanced }: { onAdvanced: () => void }) {
  const { t, i18n } = useTranslation();
  const clock = useTestClock();
  const advance = useAdvanceTestClock();
  if (!clock.data) return null;

  return (
    <SettingsSection title={t('billing.clock.title')} description={t('billing.clock.text')}>
      <Stack>
        <Text size="sm" role="status">
          {t('billing.clock.now', {
            date: formatDate(clock.data.now, i18n.language),
            days: clock.data.offsetDays,
          })}
        </Text>
        <FormErrorAlert error={advance.error} />
        <Group>
          {STEPS.map((days) => (
            <Button
              key={days}
              variant="default"
              onClick={() => advance.mutate(days, { onSuccess: onAdvanced })}
              loading={advance.isPending && advance.variables === days}
            >
              {t('billing.clock.advance', { count: days })}
            </Button>
          ))}
        </Group>
      </Stack>
    </SettingsSection>
  );
}
