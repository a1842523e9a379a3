import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { saveToOutbox } from './outbox.ts';

/** A file sent with the message (a nota fiscal's PDF and XML). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** Where answers go when not to MAIL_FROM (a contact request: its sender). */
  replyTo?: string;
  /** Sent over SMTP; the outbox keeps the message without them (their names go to the log). */
  attachments?: MailAttachment[];
};

export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void>; close(): void };

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table, the log and the dev mailbox. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Write the kept message (and so its code) to the log: development only. */
  logBodies?: boolean;
}): Mailer {
  const { smtpUrl, from, db, log, logBodies = false } = options;
  if (!smtpUrl) {
    return {
      kind: 'outbox',
      async send({ attachments, ...mail }) {
        await saveToOutbox(db, { channel: 'email', recipient: mail.to, ...mail });
        const body = logBodies ? { text: mail.text } : {};
        const files = attachments?.length ? { attachments: attachments.map((file) => file.filename) } : {};
        log.info({ to: mail.to, subject: mail.subject, ...body, ...files }, 'e-mail kept in the outbox');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        headers: { 'Content-Language': mail.language },
      });
      log.info({ to: mail.to, subject: mail.subject }, 'e-mail sent');
    },
    close() {
      transport.close();
    },
  };
}
