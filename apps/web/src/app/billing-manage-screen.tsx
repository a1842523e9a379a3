import { RequirePermission } from '../components/permission/require-permission.tsx';
import { ManagePage } from '../features/billing/components/manage-page.tsx';
import { usePlanChanged } from './use-plan-changed.ts';

/** Test mode's manage page; a change of plan renews the token and the data that show the plan. */
export function BillingManageScreen() {
  const onPlanChanged = usePlanChanged();
  return (
    <RequirePermission permission="billing.write" isPage>
      <ManagePage onPlanChanged={() => void onPlanChanged()} />
    </RequirePermission>
  );
}
