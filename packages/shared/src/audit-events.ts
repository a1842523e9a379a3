/**
 * Every event the audit log records (issue 26). The name says what happened, past tense, to what; the web
 * translates each (`audit.events.<name>`). Personal events are the ones a person sees in "Recent activity"
 * under Security; the others belong to an organization's "Activity".
 */
export const PERSONAL_AUDIT_EVENTS = [
  'account.signed_up',
  'account.email_confirmed',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.locked_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.session_revoked',
  'auth.factor_added',
  'auth.factor_removed',
  'account.email_changed',
  'account.email_change_undone',
  'account.phone_changed',
  'account.social_linked',
  'account.social_unlinked',
  'account.export_requested',
  'account.closure_requested',
  'account.closure_cancelled',
  'account.anonymised',
] as const;

export const ORGANIZATION_AUDIT_EVENTS = [
  'key.created',
  'key.rotated',
  'key.updated',
  'key.enabled',
  'key.disabled',
  'key.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'organization.keys_stopped',
  'organization.keys_restarted',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'billing.plan_changed',
  'billing.payment_succeeded',
  'billing.payment_failed',
  'billing.details_updated',
  'billing.invoice_refunded',
  'billing.nfse_issued',
  'billing.nfse_rejected',
  'billing.nfse_cancelled',
] as const;

/** Staff actions (always with a reason); each lands in the customer's own trail as well as the staff's. */
export const STAFF_AUDIT_EVENTS = [
  'staff.customer_viewed',
  'staff.plan_changed',
  'staff.quota_granted',
  'staff.organization_suspended',
  'staff.organization_reactivated',
  'staff.key_disabled',
  'staff.confirmation_resent',
  'staff.sessions_ended',
  'staff.view_as_started',
  'staff.view_as_ended',
  'staff.nfse_retried',
] as const;

export const AUDIT_EVENTS = [
  ...PERSONAL_AUDIT_EVENTS,
  ...ORGANIZATION_AUDIT_EVENTS,
  ...STAFF_AUDIT_EVENTS,
] as const;

export type AuditEventName = (typeof AUDIT_EVENTS)[number];

/** Who did it: a person, a member of Cotacep's staff, the product itself (a sweeper, a webhook) or an API key. */
export const AUDIT_ACTOR_TYPES = ['user', 'staff', 'system', 'api_key'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** Details are flat and never hold a secret, a code or a password (checked when an entry is written). */
export type AuditDetails = Record<string, string | number | boolean | null>;
