/** Cotacep's own people (issue 26): `staff` may act on a customer, `support` may only look. */
export const STAFF_ROLES = ['staff', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff actions, each with a reason; support may do none of them. */
export const canStaffAct = (role: StaffRole | null | undefined): boolean => role === 'staff';
