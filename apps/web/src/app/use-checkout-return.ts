import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../components/notify.ts';
import { usePlanChanged } from './use-plan-changed.ts';

/**
 * `?checkout=success` (the success URL of test mode and Stripe): says so once, renews the token and the
 * data for the new plan, and drops the flag so a reload does not say it again.
 */
export function useCheckoutReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const onPlanChanged = usePlanChanged();
  const isSuccess = params.get('checkout') === 'success';
  const isHandled = useRef(false);

  useEffect(() => {
    if (!isSuccess || isHandled.current) return;
    isHandled.current = true;
    notifySuccess(t('billing.checkout.success'));
    void onPlanChanged();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [isSuccess, onPlanChanged, setParams, t]);
}
