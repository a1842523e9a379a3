import { z } from 'zod';
import { AUDIT_ACTOR_TYPES, AUDIT_EVENTS } from './audit-events.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * The activity views (issue 26): `GET <API_URL>/account/activity` (the caller's own sign-ins and factor
 * changes) and `GET <API_URL>/organizations/:id/activity` (the organization's events, Owners and Admins;
 * `format=csv|json` downloads the filtered entries, newest first, up to `ACTIVITY_EXPORT_MAX`).
 */
export const ACTIVITY_PAGE_SIZE_MAX = 100;
export const ACTIVITY_PAGE_SIZE_DEFAULT = 25;
export const ACTIVITY_EXPORT_MAX = 10_000;

export const activityQuerySchema = z.object({
  event: z.enum(AUDIT_EVENTS).optional(),
  /** A member's user id, or `staff` / `system` for everything Cotacep's people or the product did. */
  actor: z.union([z.uuid(), z.enum(['staff', 'system'])]).optional(),
  /** From this instant on (inclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Before this instant (exclusive). */
  to: z.iso.datetime({ offset: true }).optional(),
  /** The `nextCursor` of the previous page (opaque); a malformed one is 400 `ActivityCursorInvalid`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, validationMessage('pageSizeInvalid'))
    .max(ACTIVITY_PAGE_SIZE_MAX, validationMessage('pageSizeInvalid'))
    .default(ACTIVITY_PAGE_SIZE_DEFAULT),
  /** A download of every entry the filters select (newest first, at most `ACTIVITY_EXPORT_MAX`); no paging. */
  format: z.enum(['csv', 'json']).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  event: z.enum(AUDIT_EVENTS),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().nullable(),
    /** A person's name and e-mail, a key's name and prefix; "Cotacep" staff are never named to customers. */
    label: z.string().nullable(),
  }),
  organizationId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  reason: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The `format=json` download: the filtered entries, newest first. */
export const activityExportSchema = z.object({
  /** The organization's activity, or null for a person's own. */
  organizationId: z.string().nullable(),
  exportedAt: z.string(),
  /** More entries matched than `ACTIVITY_EXPORT_MAX`: the file holds the newest; narrow the time range. */
  truncated: z.boolean(),
  entries: z.array(activityEntrySchema),
});
export type ActivityExport = z.infer<typeof activityExportSchema>;
