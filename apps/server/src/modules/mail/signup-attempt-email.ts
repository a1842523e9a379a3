import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

export type SignupAttemptEmailInput = {
  language: Language;
  /** The owner's name, only when the address is confirmed (else someone else may have typed it). */
  name?: string;
  appName: string;
  /** The login screen. */
  loginUrl: string;
  /** The forgot-password screen, with the address filled in. */
  resetUrl: string;
};

type Texts = {
  subject: string;
  greeting: string;
  neutralGreeting: string;
  intro: string;
  login: string;
  reset: string;
  ignore: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: 'Someone tried to create a {app} account with your e-mail',
    greeting: 'Hello {name},',
    neutralGreeting: 'Hello,',
    intro:
      'Someone tried to sign up for {app} with this e-mail address. It already has an account, so nothing was created or changed.',
    login: 'If it was you, log in:',
    reset: 'Forgot your password? Reset it:',
    ignore: 'If it was not you, ignore this message: your account is safe.',
  },
  'pt-BR': {
    subject: 'Alguém tentou criar uma conta {app} com o seu e-mail',
    greeting: 'Olá, {name},',
    neutralGreeting: 'Olá,',
    intro:
      'Alguém tentou se cadastrar no {app} com este endereço de e-mail. Ele já tem uma conta, então nada foi criado nem alterado.',
    login: 'Se foi você, entre na sua conta:',
    reset: 'Esqueceu a senha? Redefina-a:',
    ignore: 'Se não foi você, ignore esta mensagem: sua conta está segura.',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Sent to the owner of an address when someone signs up with it (decision 017): the sign-up answers as for
 * a new address, and only the mailbox learns that the account exists.
 */
export function renderSignupAttemptEmail(input: SignupAttemptEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const texts = TEXTS[input.language];
  const values = { app: input.appName, name: input.name ?? '' };
  const greeting = input.name ? fill(texts.greeting, values) : texts.neutralGreeting;
  const lines = [
    greeting,
    '',
    fill(texts.intro, values),
    '',
    texts.login,
    input.loginUrl,
    '',
    texts.reset,
    input.resetUrl,
    '',
    texts.ignore,
    '',
    input.appName,
  ];
  const e = (value: string) => escapeHtml(value);
  const link = (url: string) => `<a href="${e(url)}">${e(url)}</a>`;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(fill(texts.intro, values))}</p>`,
    `<p>${e(texts.login)} ${link(input.loginUrl)}</p>`,
    `<p>${e(texts.reset)} ${link(input.resetUrl)}</p>`,
    `<p style="color:#868e96">${e(texts.ignore)}</p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: fill(texts.subject, values), text: lines.join('\n'), html };
}
