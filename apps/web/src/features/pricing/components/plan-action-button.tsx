import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanAction } from '../lib/get-plan-action.ts';

type PlanActionButtonProps = {
  action: PlanAction;
  isHighlighted: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onSelect: () => void;
  onContact: () => void;
};

/** Buy Now, Choose Plan, Current Plan (spec §2), or Start free and Contact us. */
export function PlanActionButton({
  action,
  isHighlighted,
  isPending,
  isDisabled,
  onSelect,
  onContact,
}: PlanActionButtonProps) {
  const { t } = useTranslation();
  switch (action) {
    case 'none':
      return null;
    case 'current':
      return (
        <Button fullWidth variant="default" disabled>
          {t('pricing.actions.current')}
        </Button>
      );
    case 'start-free':
      return (
        <Button fullWidth variant="outline" component={Link} to="/auth/signup">
          {t('pricing.actions.startFree')}
        </Button>
      );
    case 'contact':
      return (
        <Button fullWidth variant="outline" onClick={onContact}>
          {t('pricing.actions.contact')}
        </Button>
      );
    default:
      return (
        <Button
          fullWidth
          variant={isHighlighted ? 'filled' : 'light'}
          loading={isPending}
          disabled={isDisabled}
          onClick={onSelect}
        >
          {t(action === 'buy' ? 'pricing.actions.buy' : 'pricing.actions.choose')}
        </Button>
      );
  }
}
