import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

export type EmailChangeNoticeInput = {
  language: Language;
  name: string;
  appName: string;
  /** The new address, masked (`n***@e***.com`): enough to recognise it, not to learn it. */
  newEmail: string;
  changedAt: Date;
  /** The page that undoes the change (its token in the fragment). */
  undoUrl: string;
  /** Days the link works. */
  undoDays: number;
};

type Texts = {
  subject: string;
  greeting: string;
  intro: string;
  wasYou: string;
  notYou: string;
  undoEffect: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: 'The e-mail of your {app} account was changed',
    greeting: 'Hello {name},',
    intro: 'On {date} (UTC) the e-mail of your {app} account was changed from this address to {email}.',
    wasYou: 'If it was you, there is nothing to do.',
    notYou: 'If it was not you, undo the change within {days} days:',
    undoEffect:
      'Undoing it brings this address back, signs every device out of the account and asks for a new password, set with a code sent here.',
  },
  'pt-BR': {
    subject: 'O e-mail da sua conta {app} foi alterado',
    greeting: 'Olá, {name},',
    intro: 'Em {date} (UTC) o e-mail da sua conta {app} foi alterado deste endereço para {email}.',
    wasYou: 'Se foi você, não é preciso fazer nada.',
    notYou: 'Se não foi você, desfaça a alteração em até {days} dias:',
    undoEffect:
      'Desfazer traz este endereço de volta, desconecta todos os dispositivos da conta e pede uma nova senha, definida com um código enviado para cá.',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Sent to the address an e-mail change replaced (issue 22): the owner learns of the change and can undo it
 * for a few days, as Stripe and GitHub do. It names the new address masked, so a thief's address is
 * recognisable to the owner without being revealed to whoever reads this mailbox later.
 */
export function renderEmailChangeNotice(input: EmailChangeNoticeInput): {
  subject: string;
  text: string;
  html: string;
} {
  const texts = TEXTS[input.language];
  const values = {
    app: input.appName,
    name: input.name,
    email: input.newEmail,
    days: String(input.undoDays),
    date: new Intl.DateTimeFormat(input.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(input.changedAt),
  };
  const lines = [
    fill(texts.greeting, values),
    '',
    fill(texts.intro, values),
    '',
    texts.wasYou,
    '',
    fill(texts.notYou, values),
    input.undoUrl,
    '',
    texts.undoEffect,
    '',
    input.appName,
  ];
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(fill(texts.greeting, values))}</p>`,
    `<p>${e(fill(texts.intro, values))}</p>`,
    `<p>${e(texts.wasYou)}</p>`,
    `<p>${e(fill(texts.notYou, values))} <a href="${e(input.undoUrl)}">${e(input.undoUrl)}</a></p>`,
    `<p style="color:#868e96">${e(texts.undoEffect)}</p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: fill(texts.subject, values), text: lines.join('\n'), html };
}
