import { z } from 'zod';
import { API_KEY_KINDS } from './allowed-list.ts';
import { AUDIT_EVENTS } from './audit-events.ts';
import { activityQuerySchema } from './audit-schemas.ts';
import { BILLING_CURRENCIES, BILLING_CYCLES, PLAN_IDS } from './plans.ts';
import { ROLES } from './roles.ts';
import { STAFF_ROLES } from './staff-roles.ts';
import { API_STATES, STATUS_APIS } from './status-schemas.ts';
import { hasNulCharacter, text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * The staff console's API (issue 26) under `<API_URL>/admin`, behind the Bearer token of a staff member.
 *
 * - Anonymous: 401 on every path under `/admin`, existing or not. A signed-in customer: 403 `StaffOnly` on every
 *   path. A staff account without an authenticator app or passkey: 403 `StaffFactorRequired`. Staff (`staff` and
 *   `support`): the route, or 404 when the path or its target (customer, user, key) does not exist.
 * - Reads are open to both roles; actions (`POST`/`DELETE`) to `staff` only: `support` gets 403 `StaffActionDenied`.
 * - Every action carries a `reason` (at least 10 characters, else 400 with `validation.staffReasonRequired`) and is
 *   recorded in the customer organization's audit chain, actor type `staff`, in the same transaction as the change.
 * - A customer is an organization (decision 033).
 */

export const STAFF_REASON_MIN = 10;
export const STAFF_REASON_MAX = 500;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
/** "View as customer" lasts at most this long (the server may be configured shorter, never longer). */
export const VIEW_AS_MAX_MINUTES = 30;
/** A customer counts as over quota from this share of its monthly quota (plan + grants) used. */
export const OVER_QUOTA_RATIO = 0.8;
export const QUOTA_GRANT_MAX = 1_000_000_000;

/** Why a staff member acts: shown in the staff trail and in the customer's own activity. */
export const staffReasonField = z
  .string({ error: validationMessage('staffReasonRequired') })
  .refine((value) => !hasNulCharacter(value), {
    message: validationMessage('controlCharacters'),
    abort: true,
  })
  .trim()
  .min(STAFF_REASON_MIN, validationMessage('staffReasonRequired'))
  .max(STAFF_REASON_MAX, validationMessage('staffReasonRequired'));

const pageSizeField = z.coerce
  .number()
  .int()
  .min(1, validationMessage('pageSizeInvalid'))
  .max(ADMIN_PAGE_SIZE_MAX, validationMessage('pageSizeInvalid'))
  .default(ADMIN_PAGE_SIZE_DEFAULT);

const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------------------------
// Overview: GET /admin/overview
// ---------------------------------------------------------------------------------------------------------------

/** Circuit breaker state of a data source. */
export const CIRCUIT_STATES = ['closed', 'open', 'half-open'] as const;
export type CircuitStateName = (typeof CIRCUIT_STATES)[number];

export const adminOverviewSchema = z.object({
  generatedAt: text(),
  /**
   * Public API traffic over the last 60 minutes, from the usage rollups the gateway keeps (hourly buckets:
   * the previous hour is prorated to the part inside the window). Every answer counts, refusals included.
   */
  traffic: z.object({
    from: text(),
    to: text(),
    requests: z.number().int(),
    /** `requests / 60`, one decimal. */
    requestsPerMinute: z.number(),
    clientErrors: z.number().int(),
    serverErrors: z.number().int(),
    /** `(clientErrors + serverErrors) / requests`, 0..1; 0 without requests. */
    errorRate: z.number(),
    /** The last 24 whole UTC hours (the current one last), for a small chart. */
    hours: z.array(
      z.object({
        hour: text(),
        total: z.number().int(),
        clientErrors: z.number().int(),
        serverErrors: z.number().int(),
      }),
    ),
  }),
  /** Sign-ups per UTC day over the last 30 days, oldest first, today last; days without any are zeros. */
  signups: z.array(z.object({ date: text(), count: z.number().int() })),
  /**
   * Organizations with a live paid subscription (active, trialing, past_due) and their monthly recurring
   * revenue per plan and currency, in cents (a yearly price divided by 12, rounded). Enterprise organizations
   * (contract, no subscription) are counted in `organizations` with no revenue.
   */
  revenue: z.object({
    payingOrganizations: z.number().int(),
    byPlan: z.array(
      z.object({
        plan: z.enum(PLAN_IDS),
        organizations: z.number().int(),
        mrr: z.object({ BRL: z.number().int(), USD: z.number().int() }),
      }),
    ),
    mrr: z.object({ BRL: z.number().int(), USD: z.number().int() }),
  }),
  /** Every data source this instance knows, with its freshness and its breaker's state (never shown publicly). */
  sources: z.array(
    z.object({
      name: text(),
      api: z.enum(STATUS_APIS),
      state: z.enum(API_STATES),
      circuit: z.enum(CIRCUIT_STATES),
      cadenceMs: z.number(),
      lastSuccessAt: text().nullable(),
      lastFailureAt: text().nullable(),
      lastError: text().nullable(),
      ageMs: z.number().nullable(),
      isStale: z.boolean(),
      onDemand: z.boolean(),
      isFallback: z.boolean(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Customers: GET /admin/customers
// ---------------------------------------------------------------------------------------------------------------

export const CUSTOMER_STATUSES = ['active', 'suspended', 'closing'] as const;
/** active; suspended by staff; closing: its keys are stopped because its only person is closing their account. */
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const adminCustomerListQuerySchema = z.object({
  /**
   * Matches, case-insensitively and literally (`%`, `_` and `\` are not wildcards): the organization's name or id,
   * a member's name or e-mail, a CPF/CNPJ (the person's or the billing details', with or without punctuation), or
   * a key's prefix (`ck_pub_3fQk`).
   */
  q: text().trim().max(200).optional(),
  plan: z.enum(PLAN_IDS).optional(),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  /** Organization created at or after / before this instant. */
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  /** Only customers that used at least 80 % of this period's quota (plan + grants). */
  overQuota: booleanQuery.optional(),
  /** 1-based page number; newest customers first. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: pageSizeField,
});
export type AdminCustomerListQuery = z.input<typeof adminCustomerListQuerySchema>;

const personSchema = z.object({
  userId: text(),
  name: text(),
  email: text(),
});

/** This period's quota: what the gateway enforces is `planQuota + granted`. */
export const adminQuotaSchema = z.object({
  /** `YYYY-MM` (UTC). */
  period: text(),
  planQuota: z.number().int(),
  granted: z.number().int(),
  /** `planQuota + granted`. */
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** `used / limit`, 0..n. */
  usedRatio: z.number(),
});
export type AdminQuota = z.infer<typeof adminQuotaSchema>;

export const adminCustomerSummarySchema = z.object({
  id: text(),
  name: text(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(CUSTOMER_STATUSES),
  createdAt: text(),
  suspendedAt: text().nullable(),
  owners: z.array(personSchema),
  memberCount: z.number().int(),
  quota: adminQuotaSchema,
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

export const adminCustomerListSchema = z.object({
  items: z.array(adminCustomerSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  /** Customers matching the filters, across every page. */
  total: z.number().int(),
});
export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// A customer: GET /admin/customers/:organizationId
// ---------------------------------------------------------------------------------------------------------------

export const adminOrganizationParamsSchema = z.object({ organizationId: z.uuid() });
export const adminKeyParamsSchema = z.object({ organizationId: z.uuid(), keyId: z.uuid() });
export const adminUserParamsSchema = z.object({ userId: z.uuid() });
export const adminImpersonationParamsSchema = z.object({ impersonationId: z.uuid() });

export const adminMemberSchema = z.object({
  userId: text(),
  firstName: text(),
  lastName: text(),
  email: text(),
  role: z.enum(ROLES),
  joinedAt: text(),
  emailConfirmed: z.boolean(),
  /** Has an authenticator app or a passkey. */
  strongFactor: z.boolean(),
  taxId: text().nullable(),
  /** A pending account closure: when it was asked for. */
  closureRequestedAt: text().nullable(),
  /** The other organizations this person belongs to, with their role there (each links to its page). */
  otherOrganizations: z.array(z.object({ id: text(), name: text(), role: z.enum(ROLES) })),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminKeySchema = z.object({
  id: text(),
  description: text(),
  projectId: text(),
  projectName: text(),
  kind: z.enum(API_KEY_KINDS),
  enabled: z.boolean(),
  /** The restrictions: origins or `*` (public keys), addresses and CIDR ranges (private keys). */
  allowedOrigins: z.array(text()),
  prefix: text(),
  createdAt: text(),
  lastUsedAt: text().nullable(),
});
export type AdminKey = z.infer<typeof adminKeySchema>;

export const adminSubscriptionSchema = z.object({
  id: text(),
  plan: z.enum(PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(BILLING_CURRENCIES),
  status: text(),
  currentPeriodStart: text(),
  currentPeriodEnd: text(),
  cancelAtPeriodEnd: z.boolean(),
  endedAt: text().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminInvoiceSchema = z.object({
  id: text(),
  number: text(),
  status: text(),
  amount: z.number().int(),
  currency: z.enum(BILLING_CURRENCIES),
  plan: text(),
  createdAt: text(),
  paidAt: text().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminSessionSchema = z.object({
  id: text(),
  userId: text(),
  /** The member's e-mail, to tell whose session it is. */
  email: text(),
  method: text(),
  createdAt: text(),
  lastUsedAt: text(),
  expiresAt: text(),
  userAgent: text().nullable(),
  ip: text().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminQuotaGrantSchema = z.object({
  id: text(),
  period: text(),
  extraRequests: z.number().int(),
  reason: text(),
  /** The staff member who granted it (null once their account is gone). */
  grantedBy: personSchema.nullable(),
  createdAt: text(),
});
export type AdminQuotaGrant = z.infer<typeof adminQuotaGrantSchema>;

export const adminCustomerSchema = z.object({
  organization: z.object({
    id: text(),
    name: text(),
    plan: z.enum(PLAN_IDS),
    currency: z.enum(BILLING_CURRENCIES),
    status: z.enum(CUSTOMER_STATUSES),
    createdAt: text(),
    suspendedAt: text().nullable(),
    suspensionReason: text().nullable(),
    keysStoppedAt: text().nullable(),
    requireTwoFactor: z.boolean(),
  }),
  members: z.array(adminMemberSchema),
  /** The current (or latest) subscription, null when the organization never subscribed. */
  subscription: adminSubscriptionSchema.nullable(),
  keys: z.array(adminKeySchema),
  /** Newest first, at most 50. */
  invoices: z.array(adminInvoiceSchema),
  /** The members' live sessions (not revoked, not expired), newest first. */
  sessions: z.array(adminSessionSchema),
  quota: adminQuotaSchema,
  /** This period's grants, newest first. */
  grants: z.array(adminQuotaGrantSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

// GET /admin/customers/:organizationId/usage answers `usageSchema` from `usage-schemas.ts` (query
// `usageQuerySchema`), exactly as the customer's own `GET /usage`, so the same chart renders it.

// ---------------------------------------------------------------------------------------------------------------
// Trails: GET /admin/customers/:organizationId/activity and GET /admin/staff-activity
// ---------------------------------------------------------------------------------------------------------------

/**
 * A customer's trail, staff named (answers `activityPageSchema` from `audit-schemas.ts`: the organization's
 * events, including staff actions, whose actor label names the staff member here).
 */
export const adminActivityQuerySchema = activityQuerySchema.omit({ format: true });
export type AdminActivityQuery = z.input<typeof adminActivityQuerySchema>;

/** Every staff action across customers (answers `activityPageSchema`), newest first. */
export const staffActivityQuerySchema = z.object({
  /** One staff member's actions. */
  staffId: z.uuid().optional(),
  event: z.enum(AUDIT_EVENTS).optional(),
  organizationId: z.uuid().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  cursor: z.string().max(200).optional(),
  limit: pageSizeField,
});
export type StaffActivityQuery = z.input<typeof staffActivityQuerySchema>;

/** The staff members, for the staff-activity filter: GET /admin/staff. */
export const staffMemberListSchema = z.object({
  items: z.array(z.object({ userId: text(), name: text(), email: text(), role: z.enum(STAFF_ROLES) })),
});
export type StaffMemberList = z.infer<typeof staffMemberListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Pending account closures: GET /admin/closures
// ---------------------------------------------------------------------------------------------------------------

export const closureListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: pageSizeField,
});

export const closureListSchema = z.object({
  /** Pending (not cancelled, not completed) closures, the soonest to be anonymised first. */
  items: z.array(
    z.object({
      id: text(),
      user: personSchema,
      requestedAt: text(),
      anonymiseAfter: text(),
      /** The organizations whose keys were stopped by this closure. */
      stoppedOrganizationIds: z.array(text()),
    }),
  ),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ClosureList = z.infer<typeof closureListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Actions (staff only, each with a reason)
// ---------------------------------------------------------------------------------------------------------------

/** Every action's body has at least this. */
export const staffActionRequestSchema = z.object({ reason: staffReasonField });
export type StaffActionRequest = z.infer<typeof staffActionRequestSchema>;

/**
 * POST /admin/customers/:organizationId/plan. Any plan, Enterprise included (a contract). Refused with 409
 * `StaffPlanConflict` while a live paid subscription exists (the payments provider decides the plan then: cancel
 * it first, or let the customer change it).
 */
export const staffPlanRequestSchema = z.object({ plan: z.enum(PLAN_IDS), reason: staffReasonField });
export type StaffPlanRequest = z.infer<typeof staffPlanRequestSchema>;
export const staffPlanResponseSchema = z.object({ plan: z.enum(PLAN_IDS), quota: adminQuotaSchema });

/** POST /admin/customers/:organizationId/quota-grants: extra requests for the current period, at once. */
export const quotaGrantRequestSchema = z.object({
  extraRequests: z.coerce
    .number()
    .int()
    .min(1, validationMessage('quotaGrantInvalid'))
    .max(QUOTA_GRANT_MAX, validationMessage('quotaGrantInvalid')),
  reason: staffReasonField,
});
export type QuotaGrantRequest = z.infer<typeof quotaGrantRequestSchema>;
export const quotaGrantResponseSchema = z.object({ grant: adminQuotaGrantSchema, quota: adminQuotaSchema });

/** POST /admin/customers/:organizationId/suspend and /reactivate (body `staffActionRequestSchema`). */
export const suspensionResponseSchema = z.object({
  status: z.enum(CUSTOMER_STATUSES),
  suspendedAt: text().nullable(),
  suspensionReason: text().nullable(),
  /** Suspend: sessions ended (members whose only organization it is). Reactivate: 0. */
  sessionsEnded: z.number().int(),
});
export type SuspensionResponse = z.infer<typeof suspensionResponseSchema>;

/** POST /admin/customers/:organizationId/keys/:keyId/disable (body `staffActionRequestSchema`). */
export const keyDisabledResponseSchema = z.object({ key: adminKeySchema });

/**
 * POST /admin/users/:userId/resend-confirmation (body `staffActionRequestSchema`): 409
 * `StaffEmailAlreadyConfirmed` when it is. Recorded in the chain of the person's default organization (the
 * entry's `userId` is the person). Every action answers 200 with the body below; DELETE answers 204.
 */
export const confirmationResentResponseSchema = z.object({ sent: z.literal(true) });

/** POST /admin/users/:userId/end-sessions (body `staffActionRequestSchema`): every live session of the person. */
export const sessionsEndedResponseSchema = z.object({ sessionsEnded: z.number().int() });

/**
 * POST /admin/customers/:organizationId/view-as: a read-only access token for a member (default: an Owner) of the
 * organization, at most 30 minutes, no refresh token. Every non-GET/HEAD request with it gets 403 `ViewAsReadOnly`;
 * after it expires or is ended it gets 401. The web app keeps it apart from the staff member's own session and shows
 * a banner while it lasts.
 */
export const viewAsRequestSchema = z.object({ userId: z.uuid().optional(), reason: staffReasonField });
export type ViewAsRequest = z.infer<typeof viewAsRequestSchema>;
export const viewAsResponseSchema = z.object({
  accessToken: text(),
  expiresAt: text(),
  impersonationId: text(),
  /** Whom the token acts as, and in which organization. */
  user: personSchema,
  organizationId: text(),
});
export type ViewAsResponse = z.infer<typeof viewAsResponseSchema>;
// DELETE /admin/view-as/:impersonationId ends it: 204 (also when already ended or expired; 404 when unknown).
