import type { MfaMethod } from '@cotacep/shared/auth-fields';
import type { Language } from '@cotacep/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type CodeMessagePurpose, renderCodeEmail, renderCodeSms } from '../mail/code-email.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../sms/sms-sender.ts';

export type CodeMessage = {
  purpose: CodeMessagePurpose;
  method: MfaMethod;
  destination: string;
  code: string;
  language: Language;
  /** The account's name, only for its own confirmed address (a neutral greeting otherwise). */
  name?: string;
  ttlSeconds: number;
  link?: string;
};

export type CodeSender = { send(message: CodeMessage): Promise<void> };

/** Renders a code in the recipient's language and hands it to the mailer or the SMS sender. */
export function createCodeSender(deps: {
  mailer: Mailer;
  sms: SmsSender;
  appName: string;
  log: FastifyBaseLogger;
}): CodeSender {
  return {
    async send(message) {
      const common = { ...message, appName: deps.appName };
      try {
        if (message.method === 'sms') {
          await deps.sms.send({
            to: message.destination,
            body: renderCodeSms(common),
            language: message.language,
          });
        } else {
          await deps.mailer.send({
            to: message.destination,
            language: message.language,
            ...renderCodeEmail(common),
          });
        }
      } catch (error) {
        if (isRecipientRefused(error)) {
          deps.log.warn({ purpose: message.purpose, method: message.method }, 'code destination refused');
          throw new AppError('DestinationRejected');
        }
        deps.log.error(
          { err: error, purpose: message.purpose, method: message.method },
          'code delivery failed',
        );
        throw new AppError('CodeDeliveryFailed');
      }
    },
  };
}

/**
 * The address itself was refused for good (nodemailer's `EENVELOPE`: no usable recipient, or a 5xx reply
 * to RCPT TO): the person typed an address that cannot receive mail, a 400, not an outage.
 */
function isRecipientRefused(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && (responseCode === undefined || (responseCode >= 500 && responseCode < 600));
}
