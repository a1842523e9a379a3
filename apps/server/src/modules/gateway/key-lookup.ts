import type { ApiKeyKind } from '@cotacep/shared/allowed-list';
import { type IpRange, parseIpRange } from '@cotacep/shared/ip-ranges';
import { ANY_ORIGIN } from '@cotacep/shared/origins';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountLimits } from '../../db/schema/account-limits.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { type AccountLimits, limitsOf } from '../plans/account-limits.ts';
import { grantedQuotaSql, grantPeriod } from '../usage/quota-grants.ts';

/** Everything the gateway needs to judge a request made with one secret, ready to use. */
export type ResolvedKey = {
  keyId: string;
  organizationId: string;
  projectId: string;
  kind: ApiKeyKind;
  enabled: boolean;
  anyOrigin: boolean;
  origins: ReadonlySet<string>;
  ranges: readonly IpRange[];
  limits: AccountLimits;
  /** Set when the secret is the one a rotation replaced: it works until then (ms). */
  graceEndsAt: number | null;
  /** Suspended by staff (issue 26): every key of the organization gets 403 `organization_suspended`. */
  suspended: boolean;
  /** Its only person is closing their account (issue 26): 403 `organization_keys_stopped`. */
  keysStopped: boolean;
  /** Extra requests staff granted for `month` (`YYYY-MM`), added to `limits.monthlyQuota` in that month only. */
  grant: { month: string; extraRequests: number };
};

/** The monthly quota the gateway enforces in `month`: the plan's (or contract's) plus that month's grants. */
export function quotaOf(key: ResolvedKey, month: string): number {
  return key.limits.monthlyQuota + (key.grant.month === month ? key.grant.extraRequests : 0);
}

/** The key whose current or previous secret hashes to `hash`, or null. */
export async function findKeyByHash(db: Db, hash: string): Promise<ResolvedKey | null> {
  const month = grantPeriod();
  const [row] = await db
    .select({
      key: apiKeys,
      plan: organizations.plan,
      suspendedAt: organizations.suspendedAt,
      keysStoppedAt: organizations.keysStoppedAt,
      granted: grantedQuotaSql(apiKeys.organizationId, month),
      monthlyQuota: accountLimits.monthlyQuota,
      ratePerMinute: accountLimits.ratePerMinute,
      maxKeys: accountLimits.maxKeys,
      maxProjects: accountLimits.maxProjects,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .leftJoin(accountLimits, eq(accountLimits.organizationId, apiKeys.organizationId))
    .where(or(eq(apiKeys.secretHash, hash), eq(apiKeys.previousSecretHash, hash)))
    .limit(1);
  if (!row) return null;
  const { key } = row;
  const isPrevious = key.secretHash !== hash;
  return {
    keyId: key.id,
    organizationId: key.organizationId,
    projectId: key.projectId,
    kind: key.kind,
    enabled: key.enabled,
    anyOrigin: key.kind === 'public' && key.allowedOrigins.includes(ANY_ORIGIN),
    origins: new Set(key.kind === 'public' ? key.allowedOrigins : []),
    // Stored entries were validated on the way in; one that no longer parses is skipped (fail closed).
    ranges:
      key.kind === 'private'
        ? key.allowedOrigins.map(parseIpRange).filter((range): range is IpRange => range !== null)
        : [],
    limits: limitsOf(row.plan, row),
    graceEndsAt: isPrevious ? (key.previousExpiresAt?.getTime() ?? 0) : null,
    suspended: row.suspendedAt !== null,
    keysStopped: row.keysStoppedAt !== null,
    grant: { month, extraRequests: Number(row.granted) },
  };
}
