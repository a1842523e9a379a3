import { z } from 'zod';

/** The audit log's setting (issue 26, decision 037); spread into config.ts's envSchema. */
export const auditEnv = {
  /** Days an audit entry is kept; older ones leave their chain from its start (`retention.ts`). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3_650).default(365),
};
