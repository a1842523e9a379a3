import { getPlan } from '@cotacep/shared/plans';
import { rolesWith } from '@cotacep/shared/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { quotaNotices } from '../../db/schema/quota-notices.ts';
import { users } from '../../db/schema/users.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type QuotaThreshold, renderQuotaEmail } from '../mail/quota-email.ts';
import { nextMonthStart } from './period.ts';

export type QuotaNotices = {
  /**
   * An answer that used quota took the account's month to `used` of `quota`, at least 80 %. Decides at
   * once, in memory, whether this instance still has a notice to try; the database and the e-mail come
   * later, off the request's path, and never fail it.
   */
  reached(organizationId: string, month: string, used: number, quota: number): void;
  /** Resolves once every notice started so far is done (tests, shutdown). */
  settle(): Promise<void>;
};

type NoticeOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appName: string;
  publicUrl: string;
  /** How long a notice that could not be recorded or sent waits before this instance tries it again. */
  retryMs?: number;
};

/**
 * Quota e-mails at 80 % and 100 % of the month, each once per account and month however many instances
 * count it: the `INSERT … ON CONFLICT DO NOTHING RETURNING` into `quota_notices` decides, and only the
 * instance whose row went in sends. An account first seen past 100 % gets the 100 % notice alone.
 */
export function createQuotaNotices(options: NoticeOptions): QuotaNotices {
  const { db, mailer, log, retryMs = 60_000 } = options;
  /** This month's highest threshold already decided here, per account: the hot path's one lookup. */
  const decided = new Map<string, QuotaThreshold>();
  const retryAfter = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let month = '';

  async function record(organizationId: string, noticeMonth: string, threshold: QuotaThreshold) {
    const thresholds: QuotaThreshold[] = threshold === 100 ? [80, 100] : [80];
    const inserted = await db
      .insert(quotaNotices)
      .values(thresholds.map((value) => ({ organizationId, month: noticeMonth, threshold: value })))
      .onConflictDoNothing()
      .returning({ threshold: quotaNotices.threshold });
    return inserted.some((row) => row.threshold === threshold) ? inserted : null;
  }

  async function send(
    organizationId: string,
    noticeMonth: string,
    threshold: QuotaThreshold,
    used: number,
    quota: number,
  ) {
    // Everyone who can change the plan hears of it: the organization's Owners and Billing members.
    const recipients = await db
      .select({
        email: users.email,
        name: users.firstName,
        language: users.language,
        plan: organizations.plan,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          inArray(organizationMembers.role, rolesWith('billing.write')),
        ),
      );
    for (const user of recipients) {
      const mail = renderQuotaEmail({
        threshold,
        language: user.language,
        name: user.name,
        appName: options.appName,
        planName: getPlan(user.plan).name,
        used,
        quota,
        resetsAt: nextMonthStart(Date.parse(`${noticeMonth}-01`)),
        upgradeUrl: `${options.publicUrl}/pricing`,
      });
      await mailer.send({ to: user.email, language: user.language, ...mail });
    }
  }

  async function notify(
    organizationId: string,
    noticeMonth: string,
    threshold: QuotaThreshold,
    used: number,
    quota: number,
  ) {
    let inserted: { threshold: number }[] | null = null;
    try {
      inserted = await record(organizationId, noticeMonth, threshold);
      if (inserted) await send(organizationId, noticeMonth, threshold, used, quota);
    } catch (error) {
      log.error(
        { err: error, organizationId, month: noticeMonth, threshold },
        'quota notice failed; tried again later',
      );
      // Undone, so this instance (or another) may try again; here not before `retryMs`.
      if (decided.get(organizationId) === threshold) decided.delete(organizationId);
      retryAfter.set(organizationId, Date.now() + retryMs);
      if (inserted) {
        const values = inserted.map((row) => row.threshold);
        await db
          .delete(quotaNotices)
          .where(
            and(
              eq(quotaNotices.organizationId, organizationId),
              eq(quotaNotices.month, noticeMonth),
              inArray(quotaNotices.threshold, values),
            ),
          )
          .catch((undo: unknown) =>
            log.error({ err: undo, organizationId }, 'quota notice could not be undone'),
          );
      }
    }
  }

  return {
    reached(organizationId, noticeMonth, used, quota) {
      if (noticeMonth !== month) {
        if (noticeMonth < month) return;
        month = noticeMonth;
        decided.clear();
        retryAfter.clear();
      }
      const threshold: QuotaThreshold = used >= quota ? 100 : 80;
      if ((decided.get(organizationId) ?? 0) >= threshold) return;
      const retryAt = retryAfter.get(organizationId);
      if (retryAt !== undefined) {
        if (Date.now() < retryAt) return;
        retryAfter.delete(organizationId);
      }
      decided.set(organizationId, threshold);
      const pending = notify(organizationId, noticeMonth, threshold, used, quota);
      running.add(pending);
      void pending.finally(() => running.delete(pending));
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
