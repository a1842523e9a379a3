import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

/** What the LGPD self-service tells its user by e-mail (issue 26). */
export type PrivacyNotice =
  | { kind: 'export_ready'; downloadUrl: string; expiresAt: Date; ttlHours: number }
  | { kind: 'closure_requested'; anonymiseAfter: Date; loginUrl: string };

export type PrivacyEmailInput = {
  language: Language;
  name: string;
  appName: string;
  /** The user's IANA time zone: dates as their calendar shows them. */
  timeZone: string;
  notice: PrivacyNotice;
};

type Values = { app: string; date: string; hours: string };
type Paragraphs = { subject: string; lines: string[]; link: string; after: string[] };

const TEXTS: Record<Language, Record<PrivacyNotice['kind'], (v: Values) => Omit<Paragraphs, 'link'>>> = {
  en: {
    export_ready: (v) => ({
      subject: `Your ${v.app} data is ready to download`,
      lines: [
        'The copy of your personal data you asked for is ready. Open this link, signed in to your account (it works for you alone), to download it:',
      ],
      after: [
        `The link works until ${v.date} (${v.hours} hours). After that, ask for a new copy in Account settings → Privacy.`,
        'If you did not ask for this, change your password and review your sessions.',
      ],
    }),
    closure_requested: (v) => ({
      subject: `Your ${v.app} account will be closed on ${v.date}`,
      lines: [
        'We received your request to close your account. Your sessions were ended, and the API tokens of the organizations that were only yours were stopped.',
        `On ${v.date} your personal data will be anonymised. Invoices are kept for the period tax law requires, as our privacy policy says.`,
        `Changed your mind? Sign in before ${v.date} and the closure is cancelled; your tokens work again at once:`,
      ],
      after: ['If you did not ask for this, sign in now to cancel it, and change your password.'],
    }),
  },
  'pt-BR': {
    export_ready: (v) => ({
      subject: `Seus dados da ${v.app} estão prontos para baixar`,
      lines: [
        'A cópia dos seus dados pessoais que você pediu está pronta. Abra este link, conectado à sua conta (ele só funciona para você), para baixá-la:',
      ],
      after: [
        `O link funciona até ${v.date} (${v.hours} horas). Depois disso, peça uma nova cópia em Configurações da conta → Privacidade.`,
        'Se você não pediu isto, troque sua senha e revise suas sessões.',
      ],
    }),
    closure_requested: (v) => ({
      subject: `Sua conta da ${v.app} será encerrada em ${v.date}`,
      lines: [
        'Recebemos seu pedido para encerrar sua conta. Suas sessões foram encerradas, e os tokens de API das organizações que eram só suas foram parados.',
        `Em ${v.date} seus dados pessoais serão anonimizados. As notas fiscais são guardadas pelo prazo que a lei tributária exige, como diz nossa política de privacidade.`,
        `Mudou de ideia? Entre na sua conta antes de ${v.date} e o encerramento é cancelado; seus tokens voltam a funcionar na hora:`,
      ],
      after: ['Se você não pediu isto, entre agora para cancelar, e troque sua senha.'],
    }),
  },
};

const GREETING: Record<Language, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  'pt-BR': (name) => (name ? `Olá, ${name},` : 'Olá,'),
};

/** The export-ready and closure e-mails, in the user's language, as text and HTML. */
export function renderPrivacyEmail(input: PrivacyEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const { notice } = input;
  const at = notice.kind === 'export_ready' ? notice.expiresAt : notice.anonymiseAfter;
  const values: Values = {
    app: input.appName,
    date: new Intl.DateTimeFormat(input.language, {
      dateStyle: 'long',
      ...(notice.kind === 'export_ready' && { timeStyle: 'short' }),
      timeZone: input.timeZone,
    }).format(at),
    hours: String(notice.kind === 'export_ready' ? notice.ttlHours : 0),
  };
  const texts = TEXTS[input.language][notice.kind](values);
  const link = notice.kind === 'export_ready' ? notice.downloadUrl : notice.loginUrl;
  const greeting = GREETING[input.language](input.name);
  const text = [greeting, '', ...texts.lines.flatMap((line) => [line, '']), link, '']
    .concat(
      texts.after.flatMap((line) => [line, '']),
      input.appName,
    )
    .join('\n');
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(greeting)}</p>`,
    ...texts.lines.map((line) => `<p>${e(line)}</p>`),
    `<p><a href="${e(link)}">${e(link)}</a></p>`,
    ...texts.after.map((line) => `<p>${e(line)}</p>`),
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: texts.subject, text, html };
}
