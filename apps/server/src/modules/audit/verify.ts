import { and, asc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuditEventRow, auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';
import { hashEntry } from './chain.ts';

export type BrokenLink = {
  chainId: string;
  /** The place in the chain where it breaks (the entry expected there). */
  sequence: number;
  entryId: string | null;
  problem: 'altered' | 'missing' | 'out_of_place' | 'no_head';
};

export type VerifyResult = { chains: number; entries: number; broken: BrokenLink | null };

const PAGE = 1000;

/** Walks every chain in order and names the first link that does not hold, if any. */
export async function verifyAuditLog(db: Db): Promise<VerifyResult> {
  const heads = await db.select().from(auditChainHeads).orderBy(asc(auditChainHeads.chainId));
  let entries = 0;
  for (const head of heads) {
    let expectedSequence = head.firstSequence;
    let expectedPrevious = head.firstPreviousHash;
    let after = head.firstSequence - 1;
    for (;;) {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.chainId, head.chainId), gt(auditEvents.sequence, after)))
        .orderBy(asc(auditEvents.sequence))
        .limit(PAGE);
      for (const row of rows) {
        const broken = checkLink(row, expectedSequence, expectedPrevious);
        if (broken) return { chains: heads.length, entries, broken };
        entries += 1;
        expectedSequence = row.sequence + 1;
        expectedPrevious = row.hash;
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.sequence ?? after;
    }
    // The tail: the head remembers the last entry, so removing it is seen too.
    if (expectedSequence !== head.lastSequence + 1 || expectedPrevious !== head.lastHash) {
      const broken: BrokenLink = {
        chainId: head.chainId,
        sequence: expectedSequence,
        entryId: null,
        problem: 'missing',
      };
      return { chains: heads.length, entries, broken };
    }
    const [early] = await db
      .select({ id: auditEvents.id, sequence: auditEvents.sequence })
      .from(auditEvents)
      .where(and(eq(auditEvents.chainId, head.chainId), lt(auditEvents.sequence, head.firstSequence)))
      .limit(1);
    if (early) {
      const broken: BrokenLink = {
        chainId: head.chainId,
        sequence: early.sequence,
        entryId: early.id,
        problem: 'out_of_place',
      };
      return { chains: heads.length, entries, broken };
    }
  }
  const chainIds = heads.map((head) => head.chainId);
  const [orphan] = await db
    .select({ id: auditEvents.id, chainId: auditEvents.chainId, sequence: auditEvents.sequence })
    .from(auditEvents)
    .where(chainIds.length > 0 ? notInArray(auditEvents.chainId, chainIds) : sql`true`)
    .limit(1);
  if (orphan) {
    const broken: BrokenLink = {
      chainId: orphan.chainId,
      sequence: orphan.sequence,
      entryId: orphan.id,
      problem: 'no_head',
    };
    return { chains: heads.length, entries, broken };
  }
  return { chains: heads.length, entries, broken: null };
}

function checkLink(row: AuditEventRow, sequence: number, previousHash: string): BrokenLink | null {
  const at = { chainId: row.chainId, entryId: row.id };
  if (row.sequence !== sequence) return { ...at, sequence, entryId: null, problem: 'missing' };
  if (row.previousHash !== previousHash) return { ...at, sequence, problem: 'missing' };
  if (hashEntry(row) !== row.hash) return { ...at, sequence, problem: 'altered' };
  return null;
}

export function describeBrokenLink(link: BrokenLink): string {
  const entry = link.entryId ? ` (entry ${link.entryId})` : '';
  const what = {
    altered: 'was altered',
    missing: 'is missing or was replaced',
    out_of_place: 'sits before the start of its chain',
    no_head: 'belongs to a chain with no head',
  }[link.problem];
  return `chain ${link.chainId}, entry #${link.sequence}${entry} ${what}`;
}
