import { randomUUID } from 'node:crypto';
import type { AuditDetails, AuditEventName } from '@cotacep/shared/audit-events';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';
import { chainIdFor, GENESIS_HASH, hashEntry } from '../audit/chain.ts';
import type { AuditContext } from '../audit/record.ts';

type Entry = {
  event: AuditEventName;
  organizationId: string | null;
  userId: string | null;
  details: AuditDetails;
};

/**
 * One chain's first entry and its head, done by the new account: what `recordAudit` writes to a chain that
 * does not exist yet.
 */
function firstEntry(context: AuditContext, accountId: string, entry: Entry) {
  const fields = {
    chainId: chainIdFor(entry.organizationId, entry.userId),
    sequence: 1,
    occurredAt: new Date(),
    actorType: context.actorType,
    actorId: accountId,
    organizationId: entry.organizationId,
    userId: entry.userId,
    ip: context.ip,
    userAgent: context.userAgent,
    event: entry.event,
    targetType: entry.organizationId ? 'organization' : null,
    targetId: entry.organizationId,
    details: entry.details,
    reason: null,
    previousHash: GENESIS_HASH,
  };
  const hash = hashEntry(fields);
  const head = {
    chainId: fields.chainId,
    lastSequence: 1,
    lastHash: hash,
    firstSequence: 1,
    firstPreviousHash: GENESIS_HASH,
  };
  return { event: { id: randomUUID(), ...fields, hash }, head };
}

/**
 * A row as the fields of a `SELECT`, each value a parameter cast to its column's type, in the table's column
 * order (what `INSERT … SELECT` needs), for the sign-up statement to insert from its `created` CTE.
 */
function asSelectFields<T extends PgTable>(
  table: T,
  row: Record<string, unknown>,
): { [K in keyof T['_']['columns']]: SQL.Aliased } {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      sql`cast(${sql.param(row[key] ?? null, column)} as ${sql.raw(column.getSQLType())})`.as(column.name),
    ]),
  ) as { [K in keyof T['_']['columns']]: SQL.Aliased };
}

/**
 * The first entries of a new account's two chains: `account.signed_up` on its own (`user:<id>`), and
 * `organization.created` on its first organization's (the same id, decision 033). They are hashed before the
 * sign-up statement runs, with the id it will give the account, so that one statement writes them with the
 * account, and a taken address runs the same statement and writes neither (decision 017: no extra round
 * trip for a new address). Both chains are new, so each entry is the first of its chain.
 */
export function newAccountEntries(context: AuditContext, userId: string, organizationName: string) {
  const signedUp = firstEntry(context, userId, {
    event: 'account.signed_up',
    organizationId: null,
    userId,
    details: { method: 'password' },
  });
  // As `organizations-service` records any other organization created.
  const founded = firstEntry(context, userId, {
    event: 'organization.created',
    organizationId: userId,
    userId: null,
    details: { name: organizationName },
  });
  return [signedUp, founded].map(({ event, head }) => ({
    event: asSelectFields(auditEvents, event),
    head: asSelectFields(auditChainHeads, head),
  }));
}
