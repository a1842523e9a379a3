import { getPlan } from '@cotacep/shared/plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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
  reached(userId: string, month: string, used: number, quota: number): void;
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

  async function record(userId: string, noticeMonth: string, threshold: QuotaThreshold) {
    const thresholds: QuotaThreshold[] = threshold === 100 ? [80, 100] : [80];
    const inserted = await db
      .insert(quotaNotices)
      .values(thresholds.map((value) => ({ userId, month: noticeMonth, threshold: value })))
      .onConflictDoNothing()
      .returning({ threshold: quotaNotices.threshold });
    return inserted.some((row) => row.threshold === threshold) ? inserted : null;
  }

  async function send(
    userId: string,
    noticeMonth: string,
    threshold: QuotaThreshold,
    used: number,
    quota: number,
  ) {
    const [user] = await db
      .select({ email: users.email, name: users.firstName, language: users.language, plan: users.plan })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
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

  async function notify(
    userId: string,
    noticeMonth: string,
    threshold: QuotaThreshold,
    used: number,
    quota: number,
  ) {
    let inserted: { threshold: number }[] | null = null;
    try {
      inserted = await record(userId, noticeMonth, threshold);
      if (inserted) await send(userId, noticeMonth, threshold, used, quota);
    } catch (error) {
      log.error(
        { err: error, userId, month: noticeMonth, threshold },
        'quota notice failed; tried again later',
      );
      // Undone, so this instance (or another) may try again; here not before `retryMs`.
      if (decided.get(userId) === threshold) decided.delete(userId);
      retryAfter.set(userId, Date.now() + retryMs);
      if (inserted) {
        const values = inserted.map((row) => row.threshold);
        await db
          .delete(quotaNotices)
          .where(
            and(
              eq(quotaNotices.userId, userId),
              eq(quotaNotices.month, noticeMonth),
              inArray(quotaNotices.threshold, values),
            ),
          )
          .catch((undo: unknown) => log.error({ err: undo, userId }, 'quota notice could not be undone'));
      }
    }
  }

  return {
    reached(userId, noticeMonth, used, quota) {
      if (noticeMonth !== month) {
        if (noticeMonth < month) return;
        month = noticeMonth;
        decided.clear();
        retryAfter.clear();
      }
      const threshold: QuotaThreshold = used >= quota ? 100 : 80;
      if ((decided.get(userId) ?? 0) >= threshold) return;
      const retryAt = retryAfter.get(userId);
      if (retryAt !== undefined) {
        if (Date.now() < retryAt) return;
        retryAfter.delete(userId);
      }
      decided.set(userId, threshold);
      const pending = notify(userId, noticeMonth, threshold, used, quota);
      running.add(pending);
      void pending.finally(() => running.delete(pending));
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
