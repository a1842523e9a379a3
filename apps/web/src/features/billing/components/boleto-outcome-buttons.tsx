import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BoletoOutcome } from '../api/simulate-boleto.ts';

type BoletoOutcomeButtonsProps = {
  onOutcome(outcome: BoletoOutcome): void;
  /** The outcome being sent, if any. */
  pending: BoletoOutcome | null;
};

/** Test mode plays the bank: the two answers a boleto can get. */
export function BoletoOutcomeButtons({ onOutcome, pending }: BoletoOutcomeButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button onClick={() => onOutcome('paid')} loading={pending === 'paid'}>
        {t('billing.boleto.simulatePaid')}
      </Button>
      <Button variant="default" onClick={() => onOutcome('expired')} loading={pending === 'expired'}>
        {t('billing.boleto.simulateExpired')}
      </Button>
    </Group>
  );
}
