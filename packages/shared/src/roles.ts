/**
 * The roles a member has in an organization and what each may do (issue 24, decision 033). The server's one
 * check (`requirePermission`) and the web's disabled buttons both read this table, so they cannot disagree.
 */
export const ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The organization's name and its member list: every member. */
  'organization.read',
  /** Rename the organization. */
  'organization.update',
  /** Delete the organization, transfer its ownership (make another member an Owner). */
  'organization.delete',
  /** Require two-factor of every member (issue 25). */
  'organization.security',
  /** Invite, change roles, remove (an Admin never touches an Owner). */
  'members.manage',
  /** Projects and keys without their secrets. */
  'keys.read',
  /** Create, change and delete projects and keys. */
  'keys.write',
  /** The consumption chart, the CSV export, the quota. */
  'usage.read',
  /** Plan, invoices, billing details. */
  'billing.read',
  /** Checkout, change or cancel the subscription, billing details. */
  'billing.write',
  /** The organization's activity (audit log) and its CSV/JSON export (issue 26). */
  'activity.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: [
    'organization.read',
    'organization.update',
    'members.manage',
    'keys.read',
    'keys.write',
    'usage.read',
    'activity.read',
  ],
  developer: ['organization.read', 'keys.read', 'keys.write', 'usage.read'],
  billing: ['organization.read', 'usage.read', 'billing.read', 'billing.write'],
  viewer: ['organization.read', 'keys.read', 'usage.read'],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that include `permission`. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => can(role, permission));
}

/** Roles a member with `role` may give or take away: an Owner any, an Admin any but Owner, others none. */
export function assignableRoles(role: Role): readonly Role[] {
  if (role === 'owner') return ROLES;
  if (role === 'admin') return ROLES.filter((each) => each !== 'owner');
  return [];
}
