import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { saveToOutbox } from '../mail/outbox.ts';

export type Sms = { to: string; body: string; language: string };

export type SmsSender = { kind: 'provider' | 'outbox'; send(sms: Sms): Promise<void> };

export type SmsProviderSettings = { apiUrl: string; accountSid: string; authToken: string; from: string };

/**
 * Twilio's Messages API (`POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, Basic auth),
 * which several providers also speak; without a provider the message goes to the outbox.
 */
export function createSmsSender(options: {
  provider: SmsProviderSettings | null;
  db: Db;
  log: FastifyBaseLogger;
  /** Write the kept message (and so its code) to the log: development only. */
  logBodies?: boolean;
}): SmsSender {
  const { provider, db, log, logBodies = false } = options;
  if (!provider) {
    return {
      kind: 'outbox',
      async send(sms) {
        await saveToOutbox(db, {
          channel: 'sms',
          recipient: sms.to,
          subject: null,
          text: sms.body,
          html: null,
          language: sms.language,
        });
        log.info({ to: sms.to, ...(logBodies ? { text: sms.body } : {}) }, 'SMS kept in the outbox');
      },
    };
  }
  const url = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(provider.accountSid)}/Messages.json`,
    provider.apiUrl.endsWith('/') ? provider.apiUrl : `${provider.apiUrl}/`,
  );
  const authorization = `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString('base64')}`;
  return {
    kind: 'provider',
    async send(sms) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: sms.to, From: provider.from, Body: sms.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status !== 201 && response.status !== 200) {
        const detail = await response.text().catch(() => '');
        throw new Error(`SMS provider answered ${response.status}: ${detail.slice(0, 200)}`);
      }
      const { sid } = (await response.json()) as { sid?: string };
      log.info({ to: sms.to, sid }, 'SMS sent');
    },
  };
}
