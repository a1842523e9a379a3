import { SMTPServer } from 'smtp-server';

export type Mail = { to: string[]; subject: string; text: string };

// Enough MIME to read codes and links: quoted-printable soft breaks and escapes, encoded-word subjects.
const decodeQuotedPrintable = (value: string) =>
  value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
      Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

/**
 * A real SMTP server on loopback, on the port the e2e server's SMTP_URL names (playwright.config.ts),
 * keeping every message it receives so a journey can read its codes.
 */
export async function startSmtpServer(port: number) {
  const messages: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: decodeSubject(raw),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    /** How many messages this address has received so far. */
    countTo: (to: string) => messages.filter((mail) => mail.to.includes(to.toLowerCase())).length,
    /** The six-digit code of message number `after + 1` to `to`, waiting for it to arrive. */
    async waitForCode(to: string, after: number, timeoutMs = 15_000): Promise<{ code: string; mail: Mail }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages.filter((message) => message.to.includes(to.toLowerCase()))[after];
        const code = mail && /(?:^|\n)(\d{6})\r?\n/.exec(mail.text)?.[1];
        if (mail && code) return { code, mail };
        if (Date.now() > deadline)
          throw new Error(`no code in message #${after + 1} to ${to} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /**
     * The code of the first message to `to` after its first `after` ones whose subject matches, waiting for it:
     * other mail (a new sign-in's notice) may arrive in between.
     */
    async waitForCodeAbout(to: string, subject: RegExp, after: number, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages
          .filter((message) => message.to.includes(to.toLowerCase()))
          .slice(after)
          .find((message) => subject.test(message.subject));
        const code = mail && /(?:^|\n)(\d{6})\r?\n/.exec(mail.text)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code about ${subject} to ${to} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** The first message to `to` whose subject matches, waiting for it to arrive. */
    async waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages.find(
          (message) => message.to.includes(to.toLowerCase()) && subject.test(message.subject),
        );
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`no message to ${to} with a subject like ${subject} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
