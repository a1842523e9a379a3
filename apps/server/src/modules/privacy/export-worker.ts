import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { dataExports } from '../../db/schema/privacy-requests.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { mailExportReady } from './notices.ts';
import { buildPersonalData } from './personal-data.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

/** A claim older than this belongs to a worker that died: another takes the export again. */
export const EXPORT_CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Claims the oldest pending export nobody is preparing (or whose worker died), in one statement: the row is
 * locked with SKIP LOCKED and stamped, so two instances never prepare the same export at once.
 */
async function claimNextExport(deps: PrivacyDeps) {
  const now = deps.now();
  const staleBefore = new Date(now.getTime() - EXPORT_CLAIM_TIMEOUT_MS);
  const isClaimable = and(
    eq(dataExports.status, 'pending'),
    or(isNull(dataExports.claimedAt), lt(dataExports.claimedAt, staleBefore)),
  );
  const next = deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(isClaimable)
    .orderBy(asc(dataExports.requestedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await deps.db
    .update(dataExports)
    .set({ claimedAt: now })
    // `= (select …)`, a scalar subquery run once: `in (select … limit 1)` may run per row and claim several.
    .where(and(eq(dataExports.id, sql`(${next})`), isClaimable))
    .returning({ id: dataExports.id, userId: dataExports.userId, claimedAt: dataExports.claimedAt });
  return claimed ?? null;
}

/**
 * Prepares one claimed export: the JSON file, stored with its expiry, then the e-mail with the link. Only the
 * claim's own worker may finish it (a worker that lost its claim to a newer one writes nothing).
 */
async function prepareExport(
  deps: PrivacyDeps,
  claim: { id: string; userId: string; claimedAt: Date | null },
) {
  const ownClaim = and(
    eq(dataExports.id, claim.id),
    eq(dataExports.status, 'pending'),
    claim.claimedAt ? eq(dataExports.claimedAt, claim.claimedAt) : isNull(dataExports.claimedAt),
  );
  try {
    const data = await buildPersonalData(deps.db, claim.userId, deps.now());
    const completedAt = deps.now();
    const expiresAt = new Date(completedAt.getTime() + deps.config.DATA_EXPORT_TTL_HOURS * HOUR_MS);
    const [ready] = await deps.db
      .update(dataExports)
      .set({ status: 'ready', content: JSON.stringify(data, null, 2), completedAt, expiresAt })
      .where(ownClaim)
      .returning({ id: dataExports.id });
    if (!ready) return;
    await mailExportReady(deps, claim.id, claim.userId, expiresAt);
  } catch (error) {
    deps.log.error({ err: error, exportId: claim.id }, 'data export failed');
    await deps.db
      .update(dataExports)
      .set({ status: 'failed', failure: 'build_failed', completedAt: deps.now() })
      .where(ownClaim);
  }
}

/** Prepares every claimable export, one at a time; returns how many this worker prepared. */
export async function prepareDataExports(deps: PrivacyDeps): Promise<number> {
  let prepared = 0;
  for (let claim = await claimNextExport(deps); claim; claim = await claimNextExport(deps)) {
    await prepareExport(deps, claim);
    prepared += 1;
  }
  return prepared;
}

/** Expired files are dropped: the row stays (the user's history), the data does not. */
export async function purgeExpiredExports(deps: PrivacyDeps): Promise<void> {
  await deps.db
    .update(dataExports)
    .set({ content: null })
    .where(
      and(
        eq(dataExports.status, 'ready'),
        lt(dataExports.expiresAt, deps.now()),
        isNotNull(dataExports.content),
      ),
    );
}
