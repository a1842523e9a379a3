import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { getBillingSummaryQueryOptions } from '../api/get-billing-summary.ts';
import { getTestCheckoutQueryOptions } from '../api/get-test-checkout.ts';
import { useCreateCheckoutPixCode } from '../api/pix-checkout-code.ts';
import { getCheckoutPixFollowQueryOptions, useCheckoutPixFollow } from '../api/pix-checkout-follow.ts';
import { usePayCheckoutPixCode } from '../api/pix-checkout-pay.ts';
import { CHECKOUT_SUCCESS_PATH } from '../lib/paths.ts';
import { PixPanel } from './pix-panel.tsx';

/**
 * A checkout waiting for its Pix code (issue 27). The page follows the payment: paid (by the bank's app, or
 * test mode's button), it goes on to the success page as a card does; expired, the checkout is open again
 * and its page offers a new code or another method.
 */
export function PixCheckoutSection({ checkout }: { checkout: TestCheckout }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mountedAt] = useState(() => Date.now());
  const followed = useCheckoutPixFollow(checkout.id);
  const create = useCreateCheckoutPixCode(checkout.id);
  const followKey = getCheckoutPixFollowQueryOptions(checkout.id).queryKey;
  const pay = usePayCheckoutPixCode(checkout.id, (answer) => queryClient.setQueryData(followKey, answer));
  // Only what was read since this section appeared: an older answer in the cache says nothing now.
  const answer = followed.isFetchedAfterMount ? followed.data : undefined;

  useEffect(() => {
    if (!answer || answer.status === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey });
    if (answer.status === 'complete') navigate(CHECKOUT_SUCCESS_PATH);
    else queryClient.setQueryData(getTestCheckoutQueryOptions(answer.id).queryKey, answer);
  }, [answer, navigate, queryClient]);

  const current = answer ?? checkout;
  if (!current.pix) return null;
  return (
    <SettingsSection title={t('billing.pix.title')} description={t('billing.pix.following')}>
      <PixPanel
        charge={current.pix}
        amount={formatMoney(checkout.amount, checkout.currency, i18n.language)}
        receivedAt={answer ? followed.dataUpdatedAt : mountedAt}
        onExpired={() => void followed.refetch()}
        onNewCode={() => create.mutate()}
        isCreating={create.isPending}
        onSimulatePaid={() => pay.mutate()}
        isPaying={pay.isPending}
        error={create.error ?? pay.error}
      />
    </SettingsSection>
  );
}
