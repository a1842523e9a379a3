import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { type NfseRow, nfse } from '#server/db/schema/nfse.ts';
import { recordAudit, SYSTEM_CONTEXT } from '../audit/record.ts';
import { buildDps } from './dps.ts';
import type { CancelOutcome, IssueOutcome } from './issuer.ts';
import type { NfseDeps } from './nfse-deps.ts';
import { mailIssuedNfse, mailRejectedNfse, sendDueNotices } from './notices.ts';

/** A claim older than this belongs to a worker that died: another takes the nota again. */
export const NFSE_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** How long an asynchronous issuer is given before it is asked again how a DPS went. */
export const NFSE_POLL_DELAY_MS = 10_000;
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;
/** Notas one pass handles at most, so a pass always ends. */
const PASS_LIMIT = 100;

/** The wait after the `attempts`-th failure in a row: 1 min, 2, 4… at most 1 h. */
export function getRetryDelay(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

type Claim = { id: string; claimedAt: Date };

/**
 * Claims the nota due longest ago that nobody is working on (or whose worker died), in one statement: locked
 * with SKIP LOCKED and stamped, so two instances never send the same nota at once. Staff's retry and the
 * requeue after new billing details only set `next_attempt_at`; this picks them up.
 */
async function claimNext(deps: NfseDeps): Promise<Claim | null> {
  const now = deps.now();
  const staleBefore = new Date(now.getTime() - NFSE_CLAIM_TIMEOUT_MS);
  const isClaimable = and(
    inArray(nfse.status, ['pending', 'cancelling']),
    lte(nfse.nextAttemptAt, now),
    or(isNull(nfse.claimedAt), lt(nfse.claimedAt, staleBefore)),
  );
  const next = deps.db
    .select({ id: nfse.id })
    .from(nfse)
    .where(isClaimable)
    .orderBy(asc(nfse.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await deps.db
    .update(nfse)
    .set({ claimedAt: now })
    // `= (select …)`, a scalar subquery run once: `in (select … limit 1)` may run per row and claim several.
    .where(and(eq(nfse.id, sql`(${next})`), isClaimable))
    .returning({ id: nfse.id, claimedAt: nfse.claimedAt });
  return claimed?.claimedAt ? { id: claimed.id, claimedAt: claimed.claimedAt } : null;
}

type Change = {
  set: Partial<NfseRow>;
  event?: 'billing.nfse_issued' | 'billing.nfse_rejected' | 'billing.nfse_cancelled';
};

/**
 * Writes what came of a claimed nota, if the claim is still this worker's (a worker that lost it to a newer
 * one writes nothing): the row as it is now decides (a cancellation may have been asked meanwhile), the
 * claim is released, and the audit entry goes in the same transaction.
 */
async function finish(
  deps: NfseDeps,
  claim: Claim,
  decide: (row: NfseRow) => Change,
): Promise<NfseRow | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(nfse)
      .where(and(eq(nfse.id, claim.id), eq(nfse.claimedAt, claim.claimedAt)))
      .for('update');
    if (!row) return null;
    const change = decide(row);
    const now = deps.now();
    const [updated] = await tx
      .update(nfse)
      .set({ ...change.set, claimedAt: null, updatedAt: now })
      .where(eq(nfse.id, row.id))
      .returning();
    if (change.event && updated) await recordEvent(tx, change.event, updated);
    return updated ?? null;
  });
}

function recordEvent(tx: Db, event: NonNullable<Change['event']>, row: NfseRow) {
  return recordAudit(tx, SYSTEM_CONTEXT, {
    event,
    organizationId: row.organizationId,
    target: { type: 'invoice', id: row.invoiceId },
    details: {
      invoiceId: row.invoiceId,
      issuer: row.issuer,
      number: row.number,
      ...(event === 'billing.nfse_rejected' ? { reason: row.rejectionReason } : {}),
    },
  });
}

/** What an issue or a poll answered, for a nota still pending, or one whose cancellation came meanwhile. */
function onIssueOutcome(deps: NfseDeps, outcome: IssueOutcome) {
  return (row: NfseRow): Change => {
    const now = deps.now();
    const isCancelling = row.status === 'cancelling';
    switch (outcome.status) {
      case 'issued': {
        const { status: _status, ...documents } = outcome;
        const set = { ...documents, issuer: deps.issuer.name, lastError: null, rejectionReason: null };
        // Asked to cancel while it was being issued: it exists now, so the worker cancels it next.
        if (isCancelling) return { set: { ...set, nextAttemptAt: now }, event: 'billing.nfse_issued' };
        return {
          set: { ...set, status: 'issued', nextAttemptAt: null, submittedAt: null, notifiedAt: null },
          event: 'billing.nfse_issued',
        };
      }
      case 'processing':
        return {
          set: {
            submittedAt: row.submittedAt ?? now,
            nextAttemptAt: new Date(now.getTime() + NFSE_POLL_DELAY_MS),
            lastError: null,
          },
        };
      case 'rejected':
        if (isCancelling) return cancelledWithoutNota(now);
        return {
          set: {
            status: 'rejected',
            rejectionReason: outcome.reason,
            submittedAt: null,
            nextAttemptAt: null,
            lastError: null,
            notifiedAt: null,
          },
          event: 'billing.nfse_rejected',
        };
      case 'unknown':
        // The issuer never got it: a cancelled one needs nothing; a pending one is sent (again).
        if (isCancelling) return cancelledWithoutNota(now);
        return { set: { submittedAt: null, nextAttemptAt: now } };
    }
  };
}

const cancelledWithoutNota = (now: Date): Change => ({
  set: { status: 'cancelled', cancelledAt: now, nextAttemptAt: null, submittedAt: null, lastError: null },
});

function onCancelOutcome(deps: NfseDeps, outcome: CancelOutcome) {
  return (row: NfseRow): Change => {
    if (row.status !== 'cancelling') return { set: {} };
    if (outcome.status === 'rejected')
      // The issuer refused (a deadline passed…): staff see the reason and may retry.
      return { set: { rejectionReason: outcome.reason, nextAttemptAt: null, lastError: null } };
    return {
      set: {
        status: 'cancelled',
        cancelledAt: deps.now(),
        nextAttemptAt: null,
        rejectionReason: null,
        lastError: null,
      },
      event: 'billing.nfse_cancelled',
    };
  };
}

/** The issuer was down (or anything else failed): the nota stays as it is and is tried again later. */
function onFailure(deps: NfseDeps, error: unknown) {
  return (row: NfseRow): Change => {
    const attempts = row.attempts + 1;
    return {
      set: {
        attempts,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        nextAttemptAt: new Date(deps.now().getTime() + getRetryDelay(attempts)),
      },
    };
  };
}

/** The justificativa of a cancellation (the issuer wants 15 to 255 characters). */
async function cancellationReason(deps: NfseDeps, invoiceId: string): Promise<string> {
  const [invoice] = await deps.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return `Fatura ${invoice?.number ?? invoiceId} anulada ou estornada: o serviço não foi cobrado.`;
}

/** Asks the issuer what this claimed nota needs: issue it, ask how it went, or cancel it. */
async function askIssuer(deps: NfseDeps, row: NfseRow) {
  const { issuer } = deps;
  if (row.status === 'cancelling' && row.number) {
    const reason = await cancellationReason(deps, row.invoiceId);
    const outcome = await issuer.cancel(
      { reference: row.reference, number: row.number, accessKey: row.accessKey },
      reason,
    );
    return onCancelOutcome(deps, outcome);
  }
  // Cancelling a nota never confirmed issued: first learn whether the issuer made it.
  if (row.status === 'cancelling' || row.submittedAt)
    return onIssueOutcome(deps, await issuer.poll(row.reference));
  const dps = await buildDps(deps.db, deps.config, row, deps.now());
  if (!dps)
    return onIssueOutcome(deps, { status: 'rejected', reason: 'A fatura desta nota não existe mais.' });
  return onIssueOutcome(deps, await issuer.issue(dps));
}

async function work(deps: NfseDeps, claim: Claim): Promise<void> {
  const [row] = await deps.db.select().from(nfse).where(eq(nfse.id, claim.id));
  if (!row) return;
  let decide: (row: NfseRow) => Change;
  try {
    decide = await askIssuer(deps, row);
  } catch (error) {
    deps.log.warn(
      { err: error, nfseId: row.id, issuer: deps.issuer.name },
      'NFS-e attempt failed; retried later',
    );
    decide = onFailure(deps, error);
  }
  const updated = await finish(deps, claim, decide);
  if (updated?.status === 'issued') await mailIssuedNfse(deps, updated.id);
  if (updated?.status === 'rejected') await mailRejectedNfse(deps, updated.id);
}

/**
 * One pass: every due nota is claimed and taken one step (issued, asked about, cancelled, or put off with
 * backoff), then the notices that could not be sent go. Safe on every instance at once.
 */
export async function runNfseWorker(deps: NfseDeps): Promise<number> {
  let handled = 0;
  while (handled < PASS_LIMIT) {
    const claim = await claimNext(deps);
    if (!claim) break;
    await work(deps, claim);
    handled += 1;
  }
  await sendDueNotices(deps);
  return handled;
}
