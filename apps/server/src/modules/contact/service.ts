import type { ContactRequest } from '@cotacep/shared/contact-schemas';
import type { Language } from '@cotacep/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/contact-requests.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderAcknowledgementEmail, renderTeamEmail, type StoredContactRequest } from './contact-email.ts';

export type ContactDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'CONTACT_EMAIL' | 'APP_NAME'>;
  log: FastifyBaseLogger;
};

export type NewContactRequest = Omit<ContactRequest, 'captchaToken'> & {
  language: Language;
  userId: string | null;
};

/** Mails the team (Reply-To: the sender) and acknowledges to the sender; a failure is logged, not thrown. */
async function deliver({ mailer, config, log }: ContactDeps, request: StoredContactRequest): Promise<void> {
  const team = renderTeamEmail(request, config.APP_NAME);
  const acknowledgement = renderAcknowledgementEmail(request, config.APP_NAME);
  const results = await Promise.allSettled([
    mailer.send({ ...team, to: config.CONTACT_EMAIL, language: 'pt-BR', replyTo: request.email }),
    mailer.send({ ...acknowledgement, to: request.email, language: request.language }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') {
      log.error({ err: result.reason, contactRequestId: request.id }, 'contact e-mail not delivered');
    }
  }
}

/**
 * Keeps the request, then mails it. The stored row is the record: a mail server that is down must not turn
 * into an error the sender would answer by sending the same message again.
 */
export async function createContactRequest(deps: ContactDeps, input: NewContactRequest) {
  const [row] = await deps.db
    .insert(contactRequests)
    .values({
      topic: input.topic,
      name: input.name,
      email: input.email,
      company: input.company || null,
      message: input.message,
      language: input.language,
      userId: input.userId,
    })
    .returning({ id: contactRequests.id });
  const stored: StoredContactRequest = { ...input, id: row!.id, company: input.company || null };
  await deliver(deps, stored);
  return { id: stored.id };
}
