import type { AdminKey, AdminMember } from '@cotacep/shared/admin-schemas';

/** A staff action on the customer's page, each asking for its reason in a dialog. */
export type CustomerAction =
  | { kind: 'plan' }
  | { kind: 'grant' }
  | { kind: 'suspend' }
  | { kind: 'reactivate' }
  | { kind: 'viewAs'; member?: AdminMember }
  | { kind: 'disableKey'; key: AdminKey }
  | { kind: 'resendConfirmation'; member: AdminMember }
  | { kind: 'endSessions'; member: AdminMember };
