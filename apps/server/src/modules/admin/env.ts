import { VIEW_AS_MAX_MINUTES } from '@cotacep/shared/admin-schemas';
import { z } from 'zod';

/** The staff console's settings (issue 26); spread into config.ts's envSchema. */
export const adminEnv = {
  /** How long a staff member's session lasts (instead of REFRESH_TOKEN_TTL_DAYS): shorter, since it can do more. */
  STAFF_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** How long a "view as customer" look lasts; never more than 30 minutes. */
  VIEW_AS_TTL_MINUTES: z.coerce.number().int().min(1).max(VIEW_AS_MAX_MINUTES).default(VIEW_AS_MAX_MINUTES),
};
