import { z } from 'zod';
import { PLAN_IDS } from './plans.ts';
import { text } from './text-field.ts';

/**
 * Plan consumption (spec §2, §9) from `GET <API_URL>/usage`: requests by HTTP status over the last 15 days
 * (Days view) and by month (Months view), used and remaining quota in the current period, and the
 * period's requests per key and per project. Days and months are UTC calendar days and months.
 */
export const usageQuerySchema = z.object({
  /** Narrow the days and months series to one key or one project; the quota stays the account's. */
  keyId: z.uuid().optional(),
  projectId: z.uuid().optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** Requests per HTTP status code, the code as the key: `{ "200": 812, "404": 3 }`. */
const byStatusSchema = z.record(z.string(), z.number().int());

export const usageDaySchema = z.object({
  /** `YYYY-MM-DD`. */
  date: text(),
  total: z.number().int(),
  byStatus: byStatusSchema,
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: text(),
  total: z.number().int(),
  byStatus: byStatusSchema,
});
export type UsageMonth = z.infer<typeof usageMonthSchema>;

export const usageSchema = z.object({
  plan: z.object({
    id: z.enum(PLAN_IDS),
    /** The quota enforced this period: the plan's (or the contract's) plus `extraQuota`. */
    monthlyQuota: z.number().int(),
    ratePerMinute: z.number().int(),
  }),
  period: z.object({
    /** First and last day of the current month, `YYYY-MM-DD`. */
    start: text(),
    end: text(),
    /** ISO instant the quota renews. */
    resetsAt: text(),
  }),
  /** Extra requests Cotacep granted for this period (issue 26), already included in `plan.monthlyQuota`. */
  extraQuota: z.number().int(),
  /** Requests counted against the quota this period (refusals by the gateway are not). */
  used: z.number().int(),
  remaining: z.number().int(),
  /** The last 15 days, oldest first, today last; days without requests are zeros. */
  days: z.array(usageDaySchema),
  /**
   * The months since the account's creation (or its first recorded use, if earlier), at most the last 12,
   * oldest first, the current one last.
   */
  months: z.array(usageMonthSchema),
  /**
   * The last 24 hours (whole UTC hours, the current one included), for the dashboard's error rate: every
   * answer, and the 4xx (429 included) and 5xx apart. Narrowed by the key or project filter like the series.
   */
  last24h: z.object({
    total: z.number().int(),
    clientErrors: z.number().int(),
    serverErrors: z.number().int(),
  }),
  /** This period's quota use per key and per project, keys deleted since included. */
  byKey: z.array(
    z.object({
      keyId: text(),
      description: text().nullable(),
      prefix: text().nullable(),
      projectId: text(),
      used: z.number().int(),
      /** Every answer of the last 15 days, oldest first, for the key's sparkline. */
      days: z.array(z.number().int()),
    }),
  ),
  byProject: z.array(z.object({ projectId: text(), name: text().nullable(), used: z.number().int() })),
});
export type Usage = z.infer<typeof usageSchema>;

/** `GET <API_URL>/usage.csv`: the chart's numbers as a file, with the same filter. */
export const usageCsvQuerySchema = usageQuerySchema.extend({
  view: z.enum(['days', 'months']).default('days'),
});
export type UsageCsvQuery = z.infer<typeof usageCsvQuerySchema>;
