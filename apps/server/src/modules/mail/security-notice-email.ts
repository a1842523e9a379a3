import type { Language } from '@cotacep/shared/languages';
import { describeUserAgent } from '@cotacep/shared/user-agent';
import { escapeHtml } from '../../lib/escape-html.ts';

/** What a security e-mail tells the user (issue 25, item 6). */
export type SecurityNotice =
  | { kind: 'factor_added'; factor: 'totp' | 'passkey' | 'recovery_codes' }
  | { kind: 'factor_removed'; factor: 'totp' | 'passkey' }
  | { kind: 'recovery_code_used'; remaining: number }
  | { kind: 'new_browser'; at: Date; ip: string; userAgent: string | null };

export type SecurityNoticeEmailInput = {
  language: Language;
  name: string;
  appName: string;
  /** The user's IANA time zone: the time is written as their clock showed it. */
  timeZone: string;
  /** When the change happened (a new browser's sign-in carries its own). */
  at: Date;
  /** The account's Security tab, where a change that was not theirs is undone. */
  securityUrl: string;
  notice: SecurityNotice;
};

type Values = { app: string; date: string; count: string; browser: string; ip: string };

type Texts = {
  subject: (notice: SecurityNotice, v: Values) => string;
  event: (notice: SecurityNotice, v: Values) => string;
  remaining: (remaining: number, v: Values) => string;
  browserLine: (v: Values) => string;
  ipLine: (v: Values) => string;
  unknownBrowser: string;
  on: string;
  greeting: (name: string) => string;
  wasYou: string;
  notYou: string;
};

const FACTORS_EN = { totp: 'An authenticator app', passkey: 'A passkey' } as const;
const FACTORS_PT = { totp: 'Um aplicativo autenticador', passkey: 'Uma passkey' } as const;
/** Portuguese agrees the participle with the factor: "adicionado" (aplicativo), "adicionada" (passkey). */
const ENDING_PT = { totp: 'o', passkey: 'a' } as const;

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (notice, v) => {
      switch (notice.kind) {
        case 'factor_added':
          return notice.factor === 'recovery_codes'
            ? `New recovery codes were generated for your ${v.app} account`
            : `${FACTORS_EN[notice.factor]} was added to your ${v.app} account`;
        case 'factor_removed':
          return `${FACTORS_EN[notice.factor]} was removed from your ${v.app} account`;
        case 'recovery_code_used':
          return `A recovery code was used to sign in to your ${v.app} account`;
        case 'new_browser':
          return `New sign-in to your ${v.app} account`;
      }
    },
    event: (notice, v) => {
      switch (notice.kind) {
        case 'factor_added':
          return notice.factor === 'recovery_codes'
            ? `On ${v.date}, new recovery codes were generated for your ${v.app} account. Any earlier codes no longer work.`
            : `On ${v.date}, ${FACTORS_EN[notice.factor].toLowerCase()} was added as a second factor of your ${v.app} account.`;
        case 'factor_removed':
          return `On ${v.date}, ${FACTORS_EN[notice.factor].toLowerCase()} was removed from the second factors of your ${v.app} account.`;
        case 'recovery_code_used':
          return `On ${v.date}, a recovery code was used to sign in to your ${v.app} account.`;
        case 'new_browser':
          return `On ${v.date}, your ${v.app} account was signed in from a browser it had not seen before.`;
      }
    },
    remaining: (remaining, v) =>
      remaining === 0
        ? 'No recovery codes remain: generate new ones in the Security tab.'
        : remaining === 1
          ? 'One recovery code remains.'
          : `${v.count} recovery codes remain.`,
    browserLine: (v) => `Browser: ${v.browser}`,
    ipLine: (v) => `IP address: ${v.ip}`,
    unknownBrowser: 'not recognised',
    on: 'on',
    greeting: (name) => `Hello ${name},`,
    wasYou: 'If it was you, there is nothing to do.',
    notYou:
      'If it was not you, change your password now, then review your second factors and end the sessions you do not recognise in the Security tab:',
  },
  'pt-BR': {
    subject: (notice, v) => {
      switch (notice.kind) {
        case 'factor_added':
          return notice.factor === 'recovery_codes'
            ? `Novos códigos de recuperação foram gerados para sua conta ${v.app}`
            : `${FACTORS_PT[notice.factor]} foi adicionad${ENDING_PT[notice.factor]} à sua conta ${v.app}`;
        case 'factor_removed':
          return `${FACTORS_PT[notice.factor]} foi removid${ENDING_PT[notice.factor]} da sua conta ${v.app}`;
        case 'recovery_code_used':
          return `Um código de recuperação foi usado para entrar na sua conta ${v.app}`;
        case 'new_browser':
          return `Novo acesso à sua conta ${v.app}`;
      }
    },
    event: (notice, v) => {
      switch (notice.kind) {
        case 'factor_added':
          return notice.factor === 'recovery_codes'
            ? `Em ${v.date}, novos códigos de recuperação foram gerados para sua conta ${v.app}. Os códigos anteriores deixaram de valer.`
            : `Em ${v.date}, ${FACTORS_PT[notice.factor].toLowerCase()} foi adicionad${ENDING_PT[notice.factor]} como segunda etapa da sua conta ${v.app}.`;
        case 'factor_removed':
          return `Em ${v.date}, ${FACTORS_PT[notice.factor].toLowerCase()} foi removid${ENDING_PT[notice.factor]} das segundas etapas da sua conta ${v.app}.`;
        case 'recovery_code_used':
          return `Em ${v.date}, um código de recuperação foi usado para entrar na sua conta ${v.app}.`;
        case 'new_browser':
          return `Em ${v.date}, sua conta ${v.app} foi acessada de um navegador que ela ainda não tinha visto.`;
      }
    },
    remaining: (remaining, v) =>
      remaining === 0
        ? 'Não resta nenhum código de recuperação: gere novos na aba Segurança.'
        : remaining === 1
          ? 'Resta um código de recuperação.'
          : `Restam ${v.count} códigos de recuperação.`,
    browserLine: (v) => `Navegador: ${v.browser}`,
    ipLine: (v) => `Endereço IP: ${v.ip}`,
    unknownBrowser: 'não reconhecido',
    on: 'no',
    greeting: (name) => `Olá, ${name},`,
    wasYou: 'Se foi você, não é preciso fazer nada.',
    notYou:
      'Se não foi você, troque sua senha agora e, na aba Segurança, revise suas segundas etapas e encerre as sessões que você não reconhece:',
  },
};

/**
 * A change to how an account is protected, told to its owner (issue 25): a second factor added or removed,
 * a recovery code spent, a sign-in from a browser not seen before (with its time in the user's zone, its
 * IP and its browser). Each says what to do when it was not them, with the Security tab's link. Never a
 * code or a secret: only what happened.
 */
export function renderSecurityNotice(input: SecurityNoticeEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const texts = TEXTS[input.language];
  const { notice } = input;
  const device = notice.kind === 'new_browser' ? describeUserAgent(notice.userAgent) : null;
  const values: Values = {
    app: input.appName,
    date: `${new Intl.DateTimeFormat(input.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: input.timeZone,
    }).format(input.at)} (${input.timeZone})`,
    count: new Intl.NumberFormat(input.language).format(
      notice.kind === 'recovery_code_used' ? notice.remaining : 0,
    ),
    browser: device
      ? [device.browser, device.os].filter(Boolean).join(` ${texts.on} `)
      : texts.unknownBrowser,
    ip: notice.kind === 'new_browser' ? notice.ip : '',
  };
  const details =
    notice.kind === 'recovery_code_used'
      ? [texts.remaining(notice.remaining, values)]
      : notice.kind === 'new_browser'
        ? [texts.browserLine(values), texts.ipLine(values)]
        : [];
  const greeting = texts.greeting(input.name);
  const event = texts.event(notice, values);
  const text = [
    greeting,
    '',
    event,
    ...(details.length > 0 ? ['', ...details] : []),
    '',
    texts.wasYou,
    '',
    texts.notYou,
    input.securityUrl,
    '',
    input.appName,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(event)}</p>`,
    details.length > 0 ? `<p>${details.map(e).join('<br>')}</p>` : '',
    `<p>${e(texts.wasYou)}</p>`,
    `<p>${e(texts.notYou)} <a href="${e(input.securityUrl)}">${e(input.securityUrl)}</a></p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: texts.subject(notice, values), text, html };
}
