import type { AuditActorType, AuditDetails, AuditEventName } from '@cotacep/shared/audit-events';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';
// `request.user` is declared by the auth guard; a program that reaches this file without it still knows it.
import type {} from '../../plugins/auth-guard.ts';
import { chainIdFor, GENESIS_HASH, hashEntry } from './chain.ts';

/** Who acted, from where. Built once per request (`auditContextOf`) or for the product itself (`SYSTEM_CONTEXT`). */
export type AuditContext = {
  actorType: AuditActorType;
  actorId: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type AuditEntry = {
  event: AuditEventName;
  organizationId?: string | null;
  /** The person the event is about; their own "Recent activity" lists it. */
  userId?: string | null;
  target?: { type: string; id: string } | null;
  details?: AuditDetails;
  /** Required of staff actions. */
  reason?: string | null;
};

export const SYSTEM_CONTEXT: AuditContext = { actorType: 'system', actorId: null, ip: null, userAgent: null };

const USER_AGENT_MAX = 512;

/**
 * The request's actor: the signed-in user (or `actorId` when the caller knows better, e.g. the user a
 * sign-in is for), its IP and user agent. A staff member acting from the console records as `staff`.
 */
export function auditContextOf(
  request: FastifyRequest,
  actor: { type?: AuditActorType; id?: string | null } = {},
): AuditContext {
  const userAgent = request.headers['user-agent'];
  return {
    actorType: actor.type ?? 'user',
    actorId: actor.id !== undefined ? actor.id : (request.user?.id ?? null),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** Detail keys that could carry a secret: refused outright, so no code path can log one by accident. */
const FORBIDDEN_DETAIL = /secret|password|token|hash|otp|^code$|Code$/i;

function assertNoSecrets(details: AuditDetails): void {
  for (const key of Object.keys(details)) {
    if (FORBIDDEN_DETAIL.test(key)) throw new Error(`audit details may not hold "${key}"`);
  }
}

/**
 * Appends one entry to its chain. Call it with the transaction of the change it records, so the entry
 * exists exactly when the change does; the chain's head row is locked until that transaction ends, so
 * concurrent writers queue and every entry holds the hash of the one before it.
 */
export async function recordAudit(tx: Db, context: AuditContext, entry: AuditEntry): Promise<void> {
  const details = entry.details ?? {};
  assertNoSecrets(details);
  const organizationId = entry.organizationId ?? null;
  const userId = entry.userId ?? null;
  const chainId = chainIdFor(organizationId, userId);
  await tx
    .insert(auditChainHeads)
    .values({
      chainId,
      lastSequence: 0,
      lastHash: GENESIS_HASH,
      firstSequence: 1,
      firstPreviousHash: GENESIS_HASH,
    })
    .onConflictDoNothing();
  const [head] = await tx
    .select()
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chainId, chainId))
    .for('update');
  if (!head) throw new Error(`audit chain ${chainId} has no head`);
  const fields = {
    chainId,
    sequence: head.lastSequence + 1,
    // A JavaScript date (milliseconds), so the time read back hashes exactly as written.
    occurredAt: new Date(),
    actorType: context.actorType,
    actorId: context.actorId,
    organizationId,
    userId,
    ip: context.ip,
    userAgent: context.userAgent,
    event: entry.event,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details,
    reason: entry.reason ?? null,
    previousHash: head.lastHash,
  };
  const hash = hashEntry(fields);
  await tx.insert(auditEvents).values({ ...fields, hash });
  await tx
    .update(auditChainHeads)
    .set({ lastSequence: fields.sequence, lastHash: hash })
    .where(eq(auditChainHeads.chainId, chainId));
}

/** For a change that is one statement: it and its entry in one transaction. */
export function withAudit<T>(
  db: Db,
  context: AuditContext,
  change: (tx: Db) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry | null),
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const resolved = typeof entry === 'function' ? entry(result) : entry;
    if (resolved) await recordAudit(tx, context, resolved);
    return result;
  });
}
