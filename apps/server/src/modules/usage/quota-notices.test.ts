import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox-messages.ts';
import { quotaNotices } from '../../db/schema/quota-notices.ts';
import { users } from '../../db/schema/users.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedKey } from '../../test/seed-key.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createQuotaNotices } from './quota-notices.ts';

let database: Database;
let mailer: Mailer;
const log = Fastify({ logger: false }).log;
const MONTH = '2026-11';

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({ from: 'test@example.com', db: database.db, log });
});
afterAll(() => database.close());

const options = () => ({
  db: database.db,
  mailer,
  log,
  appName: 'Cotacep',
  publicUrl: 'https://portal.test',
});

async function mailsTo(organizationId: string) {
  const [user] = await database.db.select().from(users).where(eq(users.id, organizationId));
  return database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user!.email));
}

describe('quota notices', () => {
  it('sends one e-mail at 80 % and one at 100 %, however often the account is seen past them', async () => {
    const { organizationId } = await seedKey(database.db);
    const notices = createQuotaNotices(options());
    for (const used of [80, 81, 85, 99]) notices.reached(organizationId, MONTH, used, 100);
    await notices.settle();
    const first = await mailsTo(organizationId);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Você usou 80% da cota mensal da Cotacep');
    expect(first[0]!.text).toContain('80 das 100 requisições que o plano Free inclui');
    expect(first[0]!.text).toContain('1 de dezembro de 2026');
    expect(first[0]!.text).toContain('https://portal.test/pricing');
    for (const used of [100, 100, 101]) notices.reached(organizationId, MONTH, used, 100);
    await notices.settle();
    const both = await mailsTo(organizationId);
    expect(both.map((mail) => mail.subject).sort()).toEqual([
      'A cota mensal da Cotacep acabou',
      'Você usou 80% da cota mensal da Cotacep',
    ]);
    // Next month starts over.
    notices.reached(organizationId, '2026-12', 90, 100);
    await notices.settle();
    expect(await mailsTo(organizationId)).toHaveLength(3);
  });

  it('sends each notice once between instances that cross together', async () => {
    const { organizationId } = await seedKey(database.db);
    const instances = [createQuotaNotices(options()), createQuotaNotices(options())];
    for (const used of [80, 90])
      for (const notices of instances) notices.reached(organizationId, MONTH, used, 100);
    await Promise.all(instances.map((notices) => notices.settle()));
    expect(await mailsTo(organizationId)).toHaveLength(1);
    for (const notices of instances) notices.reached(organizationId, MONTH, 100, 100);
    await Promise.all(instances.map((notices) => notices.settle()));
    expect(await mailsTo(organizationId)).toHaveLength(2);
  });

  it('sends only the 100 % notice to an account first seen past it, in English for an English user', async () => {
    const { organizationId } = await seedKey(database.db);
    await database.db.update(users).set({ language: 'en' }).where(eq(users.id, organizationId));
    const notices = createQuotaNotices(options());
    notices.reached(organizationId, MONTH, 1_234_567, 1_000_000);
    notices.reached(organizationId, MONTH, 1_234_568, 1_000_000);
    await notices.settle();
    const mails = await mailsTo(organizationId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Cotacep monthly quota is used up');
    expect(mails[0]!.language).toBe('en');
    expect(mails[0]!.text).toContain(
      'all 1,000,000 requests your Free plan includes this month (1,234,567 counted)',
    );
    expect(mails[0]!.text).toContain('December 1, 2026');
    expect(mails[0]!.html).toContain('<a href="https://portal.test/pricing">');
    // The 80 % notice is taken as decided too: it never follows the 100 % one.
    const rows = await database.db
      .select()
      .from(quotaNotices)
      .where(eq(quotaNotices.organizationId, organizationId));
    expect(rows.map((row) => row.threshold).sort((a, b) => a - b)).toEqual([80, 100]);
  });

  it('undoes a notice it could not send and tries again later, never throwing at the caller', async () => {
    const { organizationId } = await seedKey(database.db);
    let failures = 1;
    const flaky: Mailer = {
      ...mailer,
      async send(mail) {
        if (failures-- > 0) throw new Error('SMTP is down');
        await mailer.send(mail);
      },
    };
    // A wait long enough that a busy machine still makes the next call inside it.
    const notices = createQuotaNotices({ ...options(), mailer: flaky, retryMs: 1_000 });
    notices.reached(organizationId, MONTH, 80, 100);
    await notices.settle();
    expect(await mailsTo(organizationId)).toHaveLength(0);
    expect(
      await database.db.select().from(quotaNotices).where(eq(quotaNotices.organizationId, organizationId)),
    ).toEqual([]);
    // Within the wait nothing is tried; after it the next request past 80 % sends.
    notices.reached(organizationId, MONTH, 81, 100);
    await notices.settle();
    expect(await mailsTo(organizationId)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    notices.reached(organizationId, MONTH, 82, 100);
    await notices.settle();
    expect(await mailsTo(organizationId)).toHaveLength(1);
  });
});
