import { randomUUID } from 'node:crypto';
import type { Language } from '@cotacep/shared/languages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type User, users } from '../../db/schema/users.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createIdentity, type Identity } from './identity.ts';
import { type SecurityNotice, sendSecurityNotice } from './security-notices.ts';

/**
 * Issue 25, item 6: each security e-mail, in both languages, as the real SMTP server on loopback receives
 * it: what happened, when in the user's own time zone, and the Security tab's link for when it was not them.
 */
const log = Fastify().log;
let database: Database;
let smtp: SmtpSink;
let mailer: Mailer;
let identity: Identity;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://portal.example', SMTP_URL: smtp.url });
  mailer = createMailer({ smtpUrl: smtp.url, from: config.MAIL_FROM, db: database.db, log });
  identity = await createIdentity({ config, db: database.db, secret: 'x'.repeat(32), log, mailer });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await database.close();
});

async function createUser(language: Language, timezone = 'America/Sao_Paulo'): Promise<User> {
  const id = randomUUID();
  const [user] = await database.db
    .insert(users)
    .values({
      id,
      email: `notice.${id.slice(0, 8)}@example.com`,
      firstName: 'Bia',
      lastName: 'Reis',
      language,
      timezone,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return user!;
}

/** The whole message (headers, text and HTML parts) as UTF-8: the sink decodes quoted-printable to bytes. */
const body = (mail: ReceivedMail) => Buffer.from(mail.text, 'latin1').toString('utf8');

async function receive(language: Language, notice: SecurityNotice, timezone?: string) {
  const user = await createUser(language, timezone);
  await sendSecurityNotice(identity, user, notice);
  const mail = await smtp.waitFor(user.email);
  return { mail, text: body(mail) };
}

const SECURITY_URL = 'https://portal.example/account/security';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('security e-mails', () => {
  it.each<[string, Language, SecurityNotice, string, string]>([
    [
      'an authenticator app added',
      'en',
      { kind: 'factor_added', factor: 'totp' },
      'An authenticator app was added to your Cotacep account',
      'an authenticator app was added as a second factor',
    ],
    [
      'an authenticator app added',
      'pt-BR',
      { kind: 'factor_added', factor: 'totp' },
      'Um aplicativo autenticador foi adicionado à sua conta Cotacep',
      'um aplicativo autenticador foi adicionado como segunda etapa',
    ],
    [
      'a passkey added',
      'en',
      { kind: 'factor_added', factor: 'passkey' },
      'A passkey was added to your Cotacep account',
      'a passkey was added as a second factor',
    ],
    [
      'a passkey added',
      'pt-BR',
      { kind: 'factor_added', factor: 'passkey' },
      'Uma passkey foi adicionada à sua conta Cotacep',
      'uma passkey foi adicionada como segunda etapa',
    ],
    [
      'recovery codes generated',
      'en',
      { kind: 'factor_added', factor: 'recovery_codes' },
      'New recovery codes were generated for your Cotacep account',
      'Any earlier codes no longer work.',
    ],
    [
      'recovery codes generated',
      'pt-BR',
      { kind: 'factor_added', factor: 'recovery_codes' },
      'Novos códigos de recuperação foram gerados para sua conta Cotacep',
      'Os códigos anteriores deixaram de valer.',
    ],
    [
      'an authenticator app removed',
      'en',
      { kind: 'factor_removed', factor: 'totp' },
      'An authenticator app was removed from your Cotacep account',
      'an authenticator app was removed from the second factors',
    ],
    [
      'an authenticator app removed',
      'pt-BR',
      { kind: 'factor_removed', factor: 'totp' },
      'Um aplicativo autenticador foi removido da sua conta Cotacep',
      'um aplicativo autenticador foi removido das segundas etapas',
    ],
    [
      'a passkey removed',
      'en',
      { kind: 'factor_removed', factor: 'passkey' },
      'A passkey was removed from your Cotacep account',
      'a passkey was removed from the second factors',
    ],
    [
      'a passkey removed',
      'pt-BR',
      { kind: 'factor_removed', factor: 'passkey' },
      'Uma passkey foi removida da sua conta Cotacep',
      'uma passkey foi removida das segundas etapas',
    ],
    [
      'a recovery code used',
      'en',
      { kind: 'recovery_code_used', remaining: 7 },
      'A recovery code was used to sign in to your Cotacep account',
      '7 recovery codes remain.',
    ],
    [
      'a recovery code used',
      'pt-BR',
      { kind: 'recovery_code_used', remaining: 7 },
      'Um código de recuperação foi usado para entrar na sua conta Cotacep',
      'Restam 7 códigos de recuperação.',
    ],
  ])(
    '%s, in %s: what happened and what to do if it was not them',
    async (_, language, notice, subject, detail) => {
      const { mail, text } = await receive(language, notice);
      expect(mail.subject).toBe(subject);
      expect(text).toContain(detail);
      expect(text).toContain(language === 'en' ? 'Hello Bia,' : 'Olá, Bia,');
      expect(text).toContain(
        language === 'en'
          ? 'If it was not you, change your password now'
          : 'Se não foi você, troque sua senha agora',
      );
      expect(text).toContain(SECURITY_URL);
      expect(text).toContain(`href="${SECURITY_URL}"`);
      expect(mail.raw).toContain(`Content-Language: ${language}`);
    },
  );

  it('counts down the recovery codes left, down to none', async () => {
    expect((await receive('en', { kind: 'recovery_code_used', remaining: 1 })).text).toContain(
      'One recovery code remains.',
    );
    expect((await receive('en', { kind: 'recovery_code_used', remaining: 0 })).text).toContain(
      'No recovery codes remain: generate new ones in the Security tab.',
    );
    expect((await receive('pt-BR', { kind: 'recovery_code_used', remaining: 1 })).text).toContain(
      'Resta um código de recuperação.',
    );
    expect((await receive('pt-BR', { kind: 'recovery_code_used', remaining: 0 })).text).toContain(
      'Não resta nenhum código de recuperação: gere novos na aba Segurança.',
    );
  });

  it('a new browser: the time in the user’s zone, the IP and the browser, in English', async () => {
    const at = new Date('2026-03-05T12:00:00Z');
    const notice = { kind: 'new_browser', at, ip: '203.0.113.7', userAgent: CHROME_ON_LINUX } as const;
    const { mail, text } = await receive('en', notice, 'Asia/Tokyo');
    expect(mail.subject).toBe('New sign-in to your Cotacep account');
    expect(text).toMatch(
      /On March 5, 2026 at 9:00\sPM \(Asia\/Tokyo\), your Cotacep account was signed in from a browser it had not seen before\./,
    );
    expect(text).toContain('Browser: Chrome 126 on Linux');
    expect(text).toContain('IP address: 203.0.113.7');
    expect(text).toContain(SECURITY_URL);
  });

  it('a new browser, in Portuguese, and a browser it cannot name', async () => {
    const at = new Date('2026-03-05T12:00:00Z');
    const pt = await receive('pt-BR', {
      kind: 'new_browser',
      at,
      ip: '2001:db8::1',
      userAgent: CHROME_ON_LINUX,
    });
    expect(pt.mail.subject).toBe('Novo acesso à sua conta Cotacep');
    expect(pt.text).toContain(
      'Em 5 de março de 2026 às 09:00 (America/Sao_Paulo), sua conta Cotacep foi acessada de um navegador que ela ainda não tinha visto.',
    );
    expect(pt.text).toContain('Navegador: Chrome 126 no Linux');
    expect(pt.text).toContain('Endereço IP: 2001:db8::1');
    const unknown = await receive('pt-BR', { kind: 'new_browser', at, ip: '203.0.113.7', userAgent: null });
    expect(unknown.text).toContain('Navegador: não reconhecido');
    const bot = await receive('en', { kind: 'new_browser', at, ip: '203.0.113.7', userAgent: '<b>Bot</b>' });
    expect(bot.text).toContain('Browser: not recognised');
  });

  it('never fails the change when the mail server refuses the message', async () => {
    const user = await createUser('en');
    smtp.refuseRecipient(user.email);
    await expect(
      sendSecurityNotice(identity, user, { kind: 'factor_added', factor: 'totp' }),
    ).resolves.toBeUndefined();
    expect(smtp.countTo(user.email)).toBe(0);
  });
});
