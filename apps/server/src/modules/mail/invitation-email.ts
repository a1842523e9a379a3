import type { Language } from '@cotacep/shared/languages';
import type { Role } from '@cotacep/shared/roles';
import { escapeHtml } from '../../lib/escape-html.ts';

export type InvitationEmailInput = {
  language: Language;
  appName: string;
  inviterName: string;
  organizationName: string;
  role: Role;
  /** `<PUBLIC_URL>/invitations/accept#token=…`: the secret rides in the fragment, never sent to a server. */
  acceptUrl: string;
  expiresAt: Date;
};

const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  en: { owner: 'Owner', admin: 'Admin', developer: 'Developer', billing: 'Billing', viewer: 'Viewer' },
  'pt-BR': {
    owner: 'Proprietário',
    admin: 'Administrador',
    developer: 'Desenvolvedor',
    billing: 'Financeiro',
    viewer: 'Leitor',
  },
};

type Texts = {
  subject: (inviter: string, organization: string, app: string) => string;
  lead: (inviter: string, organization: string, role: string, app: string) => string;
  action: string;
  expiry: (date: string) => string;
  ignore: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (inviter, organization, app) => `${inviter} invited you to ${organization} on ${app}`,
    lead: (inviter, organization, role, app) =>
      `${inviter} invited you to join the organization ${organization} on ${app} as ${role}.`,
    action: 'Accept the invitation (sign in or create an account with this address):',
    expiry: (date) => `The link works once, until ${date}.`,
    ignore: 'If you were not expecting this invitation, ignore this e-mail: nothing changes.',
  },
  'pt-BR': {
    subject: (inviter, organization, app) => `${inviter} convidou você para ${organization} na ${app}`,
    lead: (inviter, organization, role, app) =>
      `${inviter} convidou você para a organização ${organization} na ${app}, com o papel ${role}.`,
    action: 'Aceite o convite (entre ou crie uma conta com este endereço):',
    expiry: (date) => `O link funciona uma vez, até ${date}.`,
    ignore: 'Se você não esperava este convite, ignore este e-mail: nada muda.',
  },
};

/** The invitation to an organization, in the language of the person who sent it, text and HTML. */
export function renderInvitationEmail(input: InvitationEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const texts = TEXTS[input.language];
  const role = ROLE_NAMES[input.language][input.role];
  const date = new Intl.DateTimeFormat(input.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
    .format(input.expiresAt)
    .concat(' UTC');
  const lead = texts.lead(input.inviterName, input.organizationName, role, input.appName);
  const expiry = texts.expiry(date);
  const text = [lead, '', texts.action, input.acceptUrl, '', expiry, texts.ignore, '', input.appName].join(
    '\n',
  );
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(lead)}</p>`,
    `<p>${e(texts.action)} <a href="${e(input.acceptUrl)}">${e(input.acceptUrl)}</a></p>`,
    `<p>${e(expiry)} ${e(texts.ignore)}</p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: texts.subject(input.inviterName, input.organizationName, input.appName), text, html };
}
