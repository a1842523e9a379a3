import { RequirePermission } from '../components/permission/require-permission.tsx';
import { InvoicePage } from '../features/billing/components/invoice-page.tsx';
import { usePlanChanged } from './use-plan-changed.ts';

/** Test mode's invoice page; the bank's answer to a boleto (an upgrade's, say) may change the plan. */
export function BillingInvoiceScreen() {
  const onPlanChanged = usePlanChanged();
  return (
    <RequirePermission permission="billing.read" isPage>
      <InvoicePage onPlanChanged={() => void onPlanChanged()} />
    </RequirePermission>
  );
}
