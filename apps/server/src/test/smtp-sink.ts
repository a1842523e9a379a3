import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; text: string; subject: string };

/** Undoes quoted-printable soft breaks and escapes, enough to read codes and links from the body. */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  // RFC 2047: white space between two encoded words is not part of the text.
  return line
    .replace(/\r?\n[ \t]/g, '')
    .replace(/\?=[ \t]+=\?/g, '?==?')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
      Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

/** A real SMTP server on loopback (port 0) that keeps what it receives, for tests reading codes from mail. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Addresses the sink answers 550 for at RCPT TO, as a receiving server does for a mailbox that does not exist. */
  const refused = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: decodeQuotedPrintable(raw),
          subject: decodeSubject(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseRecipient(address: string) {
      refused.add(address.toLowerCase());
    },
    /** The newest message to this address, waiting for it to arrive (up to 5 s). */
    async waitFor(
      to: string,
      predicate: (mail: ReceivedMail) => boolean = () => true,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages.findLast((mail) => mail.to.includes(to) && predicate(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within 5 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    countTo(to: string) {
      return messages.filter((mail) => mail.to.includes(to)).length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The six-digit code in a message body. */
export function readCode(mail: ReceivedMail): string {
  const match = /(?:^|\n)(\d{6})\r?\n/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in e-mail: ${mail.text.slice(0, 500)}`);
  return match[1];
}
