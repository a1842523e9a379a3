import type { ContactTopic } from '@cotacep/shared/contact-schemas';
import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

export type StoredContactRequest = {
  id: string;
  topic: ContactTopic;
  name: string;
  email: string;
  company: string | null;
  message: string;
  language: Language;
  userId: string | null;
};

type RenderedMail = { subject: string; text: string; html: string };

const TOPIC_NAMES: Record<ContactTopic, string> = {
  enterprise: 'Plano Enterprise',
  general: 'Contato',
};

const BODY_STYLE = 'font-family:sans-serif;color:#1a1b1e';

/** The team's copy, in pt-BR like the rest of the team's mail; answering it replies to the sender. */
export function renderTeamEmail(request: StoredContactRequest, appName: string): RenderedMail {
  const details: [string, string][] = [
    ['Nome', request.name],
    ['E-mail', request.email],
    ['Empresa', request.company ?? '—'],
    ['Idioma', request.language],
    ['Conta', request.userId ?? 'sem login'],
    ['Protocolo', request.id],
  ];
  const title = `Nova mensagem pelo formulário: ${TOPIC_NAMES[request.topic]}`;
  const text = [
    title,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Mensagem:',
    request.message,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="pt-BR"><body style="${BODY_STYLE}">`,
    `<p><strong>${escapeHtml(title)}</strong></p><table>`,
    ...details.map(
      ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table><p><strong>Mensagem:</strong></p>',
    `<p style="white-space:pre-wrap">${escapeHtml(request.message)}</p></body></html>`,
  ].join('');
  return { subject: `[${appName}] ${TOPIC_NAMES[request.topic]}: ${request.name}`, text, html };
}

type AcknowledgementTexts = {
  subject: (app: string) => string;
  greeting: string;
  received: Record<ContactTopic, (app: string) => string>;
  reference: (id: string) => string;
  ignore: string;
};

const ACKNOWLEDGEMENT: Record<Language, AcknowledgementTexts> = {
  en: {
    subject: (app) => `We received your message — ${app}`,
    greeting: 'Hello,',
    received: {
      enterprise: (app) =>
        `Thank you for your interest in the ${app} Enterprise plan. We received your message and will answer you at this address soon.`,
      general: (app) =>
        `Thank you for writing to ${app}. We received your message and will answer you at this address soon.`,
    },
    reference: (id) => `Reference: ${id}`,
    ignore: 'If you did not write to us, please ignore this e-mail.',
  },
  'pt-BR': {
    subject: (app) => `Recebemos sua mensagem — ${app}`,
    greeting: 'Olá,',
    received: {
      enterprise: (app) =>
        `Obrigado pelo interesse no plano Enterprise da ${app}. Recebemos sua mensagem e responderemos em breve neste endereço.`,
      general: (app) =>
        `Obrigado por escrever para a ${app}. Recebemos sua mensagem e responderemos em breve neste endereço.`,
    },
    reference: (id) => `Protocolo: ${id}`,
    ignore: 'Se você não nos escreveu, ignore este e-mail.',
  },
};

/**
 * The sender's acknowledgement, in their language. It repeats nothing they typed (not even the name):
 * anyone can put someone else's address in the form, and must not be able to mail them their own text.
 */
export function renderAcknowledgementEmail(request: StoredContactRequest, appName: string): RenderedMail {
  const texts = ACKNOWLEDGEMENT[request.language];
  const paragraphs = [
    texts.greeting,
    texts.received[request.topic](appName),
    texts.reference(request.id),
    texts.ignore,
    appName,
  ];
  return {
    subject: texts.subject(appName),
    text: paragraphs.join('\n\n'),
    html: [
      `<!doctype html><html lang="${request.language}"><body style="${BODY_STYLE}">`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      '</body></html>',
    ].join(''),
  };
}
