import { canStaffAct, type StaffRole } from '@cotacep/shared/staff-roles';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionState } from '#web/lib/organization/use-permission.ts';

/** The signed-in staff member's role, given by the console's gate (it read the account). */
export const StaffRoleContext = createContext<StaffRole>('support');

export function useStaffRole(): StaffRole {
  return useContext(StaffRoleContext);
}

// One reason per page (beside the customer's actions); every disabled action button points at it.
const REASON_ID = 'staff-action-denied';

/**
 * Whether the staff member may act on a customer, and if not the reason beside the actions ("Suporte pode
 * consultar, não agir"): support's buttons are disabled with it, never hidden (decision 033's way).
 */
export function useStaffActionPermission(): PermissionState {
  const { t } = useTranslation();
  const role = useStaffRole();
  const isAllowed = canStaffAct(role);
  return { isAllowed, reason: isAllowed ? null : t('admin.actions.supportDenied'), reasonId: REASON_ID };
}
