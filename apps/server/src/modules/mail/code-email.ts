import type { Language } from '@cotacep/shared/languages';
import type { CodePurpose } from '../../db/schema/verification-codes.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export type CodeMessagePurpose = CodePurpose | 'mfa';

type Texts = { subject: string; intro: string; linkLabel: string; ignore: string; greeting: string };

/** The greeting when the recipient's name is not known for sure (see `CodeMessageInput.name`). */
const NEUTRAL_GREETING: Record<Language, string> = { en: 'Hello,', 'pt-BR': 'Olá,' };

const TEXTS: Record<
  CodeMessagePurpose,
  Record<Language, Omit<Texts, 'greeting' | 'linkLabel' | 'ignore'>>
> = {
  signup: {
    en: { subject: 'Confirm your {app} account', intro: 'Use this code to confirm your account:' },
    'pt-BR': { subject: 'Confirme sua conta {app}', intro: 'Use este código para confirmar sua conta:' },
  },
  reset: {
    en: { subject: 'Reset your {app} password', intro: 'Use this code to reset your password:' },
    'pt-BR': { subject: 'Redefina sua senha {app}', intro: 'Use este código para redefinir sua senha:' },
  },
  mfa: {
    en: { subject: 'Your {app} sign-in code', intro: 'Use this code to finish signing in:' },
    'pt-BR': { subject: 'Seu código de acesso {app}', intro: 'Use este código para concluir o login:' },
  },
  email_change: {
    en: { subject: 'Verify your new {app} e-mail', intro: 'Use this code to verify this e-mail address:' },
    'pt-BR': {
      subject: 'Verifique seu novo e-mail {app}',
      intro: 'Use este código para verificar este e-mail:',
    },
  },
  reauth: {
    en: {
      subject: 'Confirm it is you on {app}',
      intro: 'Use this code to confirm it is you before changing your account security:',
    },
    'pt-BR': {
      subject: 'Confirme que é você no {app}',
      intro: 'Use este código para confirmar que é você antes de alterar a segurança da sua conta:',
    },
  },
  account_closure: {
    en: {
      subject: 'Confirm closing your {app} account',
      intro: 'Use this code to confirm that you want to close your account:',
    },
    'pt-BR': {
      subject: 'Confirme o encerramento da sua conta {app}',
      intro: 'Use este código para confirmar que você quer encerrar sua conta:',
    },
  },
  phone_verify: {
    en: { subject: 'Verify your {app} phone', intro: 'Use this code to verify your phone number:' },
    'pt-BR': {
      subject: 'Verifique seu telefone {app}',
      intro: 'Use este código para verificar seu telefone:',
    },
  },
};

const COMMON: Record<Language, Pick<Texts, 'greeting' | 'linkLabel' | 'ignore'> & { valid: string }> = {
  en: {
    greeting: 'Hello {name},',
    valid: 'It is valid for {duration}.',
    linkLabel: 'Or open this link:',
    ignore: 'If you did not ask for this, ignore this message.',
  },
  'pt-BR': {
    greeting: 'Olá, {name},',
    valid: 'Ele vale por {duration}.',
    linkLabel: 'Ou abra este link:',
    ignore: 'Se você não pediu isto, ignore esta mensagem.',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const UNITS: Record<Language, { hour: [string, string]; minute: [string, string] }> = {
  en: { hour: ['hour', 'hours'], minute: ['minute', 'minutes'] },
  'pt-BR': { hour: ['hora', 'horas'], minute: ['minuto', 'minutos'] },
};

function formatDuration(seconds: number, language: Language): string {
  const [amount, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, UNITS[language].hour]
      : [Math.max(1, Math.round(seconds / 60)), UNITS[language].minute];
  return `${amount} ${amount === 1 ? unit[0] : unit[1]}`;
}

export type CodeMessageInput = {
  purpose: CodeMessagePurpose;
  code: string;
  language: Language;
  /**
   * The account's name, only when the message goes to the account's confirmed address: a name typed by
   * whoever signed up someone else's address must not reach that mailbox (issue 22). Absent: "Hello,".
   */
  name?: string;
  appName: string;
  ttlSeconds: number;
  /** The confirmation link that opens the SPA with the code filled in (sign-up). */
  link?: string;
};

/** The e-mail carrying a code, in the recipient's language, as text and HTML. */
export function renderCodeEmail(input: CodeMessageInput): { subject: string; text: string; html: string } {
  const texts = TEXTS[input.purpose][input.language];
  const common = COMMON[input.language];
  const values = {
    app: input.appName,
    name: input.name ?? '',
    duration: formatDuration(input.ttlSeconds, input.language),
  };
  const greeting = input.name ? fill(common.greeting, values) : NEUTRAL_GREETING[input.language];
  const subject = fill(texts.subject, values);
  const lines = [greeting, '', texts.intro, '', input.code, '', fill(common.valid, values)];
  if (input.link) lines.push('', common.linkLabel, input.link);
  lines.push('', common.ignore, '', input.appName);
  const text = lines.join('\n');
  const e = (value: string) => escapeHtml(value);
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(texts.intro)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${e(input.code)}</p>`,
    `<p>${e(fill(common.valid, values))}</p>`,
    input.link ? `<p>${e(common.linkLabel)} <a href="${e(input.link)}">${e(input.link)}</a></p>` : '',
    `<p style="color:#868e96">${e(common.ignore)}</p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject, text, html };
}

/** The SMS carrying a code: short, one line. */
export function renderCodeSms(input: Omit<CodeMessageInput, 'name' | 'link'>): string {
  const intro = TEXTS[input.purpose][input.language].intro;
  return `${input.appName}: ${intro} ${input.code}`;
}
