import { PLAN_IDS, type PlanId } from '@cotacep/shared/plans';
import { z } from 'zod';

const ENTRY = new RegExp(`^(${PLAN_IDS.join('|')}):\\d{1,12}$`);

/** Plans' settings, spread into config.ts's envSchema. */
export const plansEnv = {
  /**
   * Monthly quotas that replace the catalogue's, as `plan:requests` pairs (`free:25,basic:1000`): for the
   * browser journeys and demos that need to reach a quota in a few calls. Refused in production.
   */
  PLAN_QUOTAS: z
    .string()
    .default('')
    .refine(
      (value) => value === '' || value.split(',').every((entry) => ENTRY.test(entry.trim())),
      `a comma-separated list of plan:requests, plans ${PLAN_IDS.join(', ')}`,
    )
    .transform(
      (value) =>
        Object.fromEntries(
          value
            .split(',')
            .filter((entry) => entry.trim() !== '')
            .map((entry) => {
              const [plan, quota] = entry.trim().split(':');
              return [plan, Number(quota)];
            }),
        ) as Partial<Record<PlanId, number>>,
    ),
};
