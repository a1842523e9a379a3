import type { BillingCurrency } from '@cotacep/shared/plans';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';

type CurrencySwitchProps = { currency: BillingCurrency; onChange: (currency: BillingCurrency) => void };

/** Prices in reais or dollars: a visitor's, or a customer's before the first purchase fixes it. */
export function CurrencySwitch({ currency, onChange }: CurrencySwitchProps) {
  const { t } = useTranslation();
  return (
    <SegmentedChoice
      aria-label={t('pricing.currency.label')}
      value={currency}
      onChange={onChange}
      data={[
        { value: 'BRL', label: t('pricing.currency.BRL') },
        { value: 'USD', label: t('pricing.currency.USD') },
      ]}
      isRound
      size="md"
    />
  );
}
