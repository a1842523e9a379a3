import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanAction } from '../lib/get-plan-action.ts';

type PlanActionButtonProps = {
  action: PlanAction;
  isHighlighted: boolean;
  isPending: boolean;
  isDisabled: boolean;
  /** Set when the purchase buttons cannot be used now: they are disabled and say why. */
  disabledReason?: string | null;
  onSelect: () => void;
  onContact: () => void;
};

/** Buy Now, Choose Plan, Current Plan (spec §2), or Start free and Contact us. */
export function PlanActionButton({
  action,
  isHighlighted,
  isPending,
  isDisabled,
  disabledReason = null,
  onSelect,
  onContact,
}: PlanActionButtonProps) {
  const { t } = useTranslation();
  const reasonId = useId();
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
        <Stack gap={6}>
          <Button
            fullWidth
            variant={isHighlighted ? 'filled' : 'light'}
            loading={isPending}
            disabled={isDisabled || disabledReason !== null}
            aria-describedby={disabledReason ? reasonId : undefined}
            onClick={onSelect}
          >
            {t(action === 'buy' ? 'pricing.actions.buy' : 'pricing.actions.choose')}
          </Button>
          {disabledReason && (
            <Text id={reasonId} size="xs" c="dimmed" ta="center">
              {disabledReason}
            </Text>
          )}
        </Stack>
      );
  }
}
