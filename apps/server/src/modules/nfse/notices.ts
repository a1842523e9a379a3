import type { Language } from '@cotacep/shared/languages';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { billingDetails } from '#server/db/schema/billing-details.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { type NfseRow, nfse } from '#server/db/schema/nfse.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { users } from '#server/db/schema/users.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { type NfseNotice, renderNfseEmail } from '../mail/nfse-email.ts';
import type { NfseDeps } from './nfse-deps.ts';

type Recipient = { email: string; name: string; language: Language };

/** The organization's members by e-mail (lower-cased): a billing address that is a member's gets their language. */
async function findMembers(deps: NfseDeps, organizationId: string, ownersOnly: boolean) {
  return deps.db
    .select({ email: users.email, name: users.firstName, language: users.language })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        ownersOnly ? eq(organizationMembers.role, 'owner') : undefined,
        isNull(users.anonymisedAt),
      ),
    );
}

/** Who receives an issued nota: the billing e-mails (issue 27), else the Owners. */
async function findBillingRecipients(deps: NfseDeps, organizationId: string): Promise<Recipient[]> {
  const [details] = await deps.db
    .select({ emails: billingDetails.emails })
    .from(billingDetails)
    .where(eq(billingDetails.organizationId, organizationId));
  const members = await findMembers(deps, organizationId, false);
  if (!details?.emails.length) return findMembers(deps, organizationId, true);
  return details.emails.map((email) => {
    const member = members.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    // A nota fiscal is a Brazilian document: an address that is no member's reads it in Portuguese.
    return member ?? { email, name: '', language: 'pt-BR' as const };
  });
}

/**
 * Takes the right to tell about a nota once (`notified_at` set where it was empty, in one statement), so a
 * second worker or sweep never sends the same e-mail again.
 */
async function claimNotice(deps: NfseDeps, id: string, status: 'issued' | 'rejected') {
  const [claimed] = await deps.db
    .update(nfse)
    .set({ notifiedAt: deps.now() })
    .where(and(eq(nfse.id, id), eq(nfse.status, status), isNull(nfse.notifiedAt)))
    .returning();
  return claimed ?? null;
}

async function send(
  deps: NfseDeps,
  nota: NfseRow,
  recipients: Recipient[],
  notice: NfseNotice,
  attachments: MailAttachment[] = [],
) {
  const [invoice] = await deps.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, nota.invoiceId));
  const { publicUrl, APP_NAME } = deps.config;
  let sent = 0;
  for (const recipient of recipients) {
    const mail = renderNfseEmail({
      language: recipient.language,
      name: recipient.name,
      appName: APP_NAME,
      invoiceNumber: invoice?.number ?? nota.invoiceId,
      invoiceUrl: `${publicUrl}/billing/invoices/${encodeURIComponent(nota.invoiceId)}`,
      billingUrl: `${publicUrl}/account/settings?tab=billing`,
      notice,
    });
    try {
      await deps.mailer.send({ to: recipient.email, language: recipient.language, ...mail, attachments });
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, nfseId: nota.id, notice: notice.kind }, 'NFS-e e-mail not sent');
    }
  }
  // Nobody got it: the next sweep tries again. Someone did: never twice to them.
  if (sent === 0 && recipients.length > 0)
    await deps.db.update(nfse).set({ notifiedAt: null }).where(eq(nfse.id, nota.id));
}

/** The issued nota, to the billing e-mails, its PDF and XML attached; once. */
export async function mailIssuedNfse(deps: NfseDeps, id: string): Promise<void> {
  const nota = await claimNotice(deps, id, 'issued');
  if (!nota?.number || !nota.pdf || !nota.xml) return;
  const file = `NFS-e-${nota.number}`;
  await send(
    deps,
    nota,
    await findBillingRecipients(deps, nota.organizationId),
    {
      kind: 'issued',
      number: nota.number,
      verificationCode: nota.verificationCode ?? '',
      issuedAt: nota.issuedAt ?? deps.now(),
      amount: await invoiceAmount(deps, nota.invoiceId),
      isTest: nota.issuer === 'test',
    },
    [
      { filename: `${file}.pdf`, contentType: 'application/pdf', content: nota.pdf },
      { filename: `${file}.xml`, contentType: 'application/xml', content: Buffer.from(nota.xml, 'utf8') },
    ],
  );
}

async function invoiceAmount(deps: NfseDeps, invoiceId: string): Promise<number> {
  const [invoice] = await deps.db
    .select({ amount: invoices.amount })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return invoice?.amount ?? 0;
}

/** The refusal, to the organization's Owners in their language; once per rejection. */
export async function mailRejectedNfse(deps: NfseDeps, id: string): Promise<void> {
  const nota = await claimNotice(deps, id, 'rejected');
  if (!nota) return;
  const owners = await findMembers(deps, nota.organizationId, true);
  await send(deps, nota, owners, { kind: 'rejected', reason: nota.rejectionReason ?? '' });
}

/** Notices a worker could not send (every recipient failed, or it stopped between): sent on the next sweep. */
export async function sendDueNotices(deps: NfseDeps): Promise<void> {
  const due = await deps.db
    .select({ id: nfse.id, status: nfse.status })
    .from(nfse)
    .where(and(inArray(nfse.status, ['issued', 'rejected']), isNull(nfse.notifiedAt)))
    .limit(100);
  for (const row of due) {
    if (row.status === 'issued') await mailIssuedNfse(deps, row.id);
    else await mailRejectedNfse(deps, row.id);
  }
}
