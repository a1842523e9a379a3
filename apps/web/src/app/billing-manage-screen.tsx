import { ManagePage } from '../features/billing/components/manage-page.tsx';
import { usePlanChanged } from './use-plan-changed.ts';

/** Test mode's manage page; a change of plan renews the token and the data that show the plan. */
export function BillingManageScreen() {
  const onPlanChanged = usePlanChanged();
  return <ManagePage onPlanChanged={() => void onPlanChanged()} />;
}
