import type { ReceivedMail } from '#server/test/smtp-sink.ts';

/** The message's text as written: the sink decodes quoted-printable byte by byte (Latin-1); this reads UTF-8. */
export const utf8Text = (mail: ReceivedMail) => Buffer.from(mail.text, 'latin1').toString('utf8');

/** The bytes of an attachment of the message (base64, as nodemailer sends files), or null. */
export function attachmentOf(mail: ReceivedMail, filename: string): Buffer | null {
  const start = mail.raw.indexOf(`filename=${filename}`);
  if (start < 0) return null;
  const body = mail.raw.slice(mail.raw.indexOf('\r\n\r\n', start) + 4);
  return Buffer.from(body.slice(0, body.indexOf('\r\n--')).replace(/\s/g, ''), 'base64');
}
