import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

/** What the NFS-e worker tells by e-mail (issue 27, decision 038). */
export type NfseNotice =
  | {
      kind: 'issued';
      number: string;
      verificationCode: string;
      issuedAt: Date;
      amount: number;
      /** A nota of the test issuer: no tax value. */
      isTest: boolean;
    }
  | { kind: 'rejected'; reason: string };

export type NfseEmailInput = {
  language: Language;
  /** The recipient's first name, when the address is a member's. */
  name: string;
  appName: string;
  invoiceNumber: string;
  /** The invoice page, where members download the nota (the billing e-mails may not be members). */
  invoiceUrl: string;
  /** The Billing tab, where the billing details are corrected. */
  billingUrl: string;
  notice: NfseNotice;
};

type Values = { app: string; invoice: string; number: string; code: string; date: string; amount: string };
type Texts = { subject: string; lines: string[]; linkIntro: string; after: string[] };

const TEXTS: Record<Language, Record<NfseNotice['kind'], (v: Values, notice: NfseNotice) => Texts>> = {
  en: {
    issued: (v, notice) => ({
      subject: `Service invoice (NFS-e) no. ${v.number} for ${v.app} invoice ${v.invoice}`,
      lines: [
        `The NFS-e of invoice ${v.invoice} (${v.amount}) was issued on ${v.date}.`,
        `Number: ${v.number}`,
        `Verification code: ${v.code}`,
        'Its PDF and XML are attached.',
        ...(notice.kind === 'issued' && notice.isTest
          ? ['Issued in test mode: not a tax document (SEM VALOR FISCAL).']
          : []),
      ],
      linkIntro: 'Members of the organization can also download them from the invoice page:',
      after: [],
    }),
    rejected: (v, notice) => ({
      subject: `The service invoice (NFS-e) for ${v.app} invoice ${v.invoice} was refused`,
      lines: [
        `The NFS-e of invoice ${v.invoice} was refused by the issuer. Its reason:`,
        notice.kind === 'rejected' ? notice.reason : '',
        'The invoice stays paid. Check the billing details (legal name, CPF or CNPJ, address):',
      ],
      linkIntro: '',
      after: [
        'When they are saved, the NFS-e is issued again. Our team sees the refusal too and will get in touch if the details were right.',
      ],
    }),
  },
  'pt-BR': {
    issued: (v, notice) => ({
      subject: `Nota fiscal de serviço (NFS-e) nº ${v.number} da fatura ${v.invoice} da ${v.app}`,
      lines: [
        `A NFS-e da fatura ${v.invoice} (${v.amount}) foi emitida em ${v.date}.`,
        `Número: ${v.number}`,
        `Código de verificação: ${v.code}`,
        'O PDF e o XML estão anexos.',
        ...(notice.kind === 'issued' && notice.isTest ? ['Emitida em modo de teste: SEM VALOR FISCAL.'] : []),
      ],
      linkIntro: 'Os membros da organização também podem baixá-los na página da fatura:',
      after: [],
    }),
    rejected: (v, notice) => ({
      subject: `A nota fiscal de serviço (NFS-e) da fatura ${v.invoice} da ${v.app} foi recusada`,
      lines: [
        `A NFS-e da fatura ${v.invoice} foi recusada pelo emissor. O motivo:`,
        notice.kind === 'rejected' ? notice.reason : '',
        'A fatura continua paga. Confira os dados de cobrança (razão social, CPF ou CNPJ, endereço):',
      ],
      linkIntro: '',
      after: [
        'Assim que forem salvos, a NFS-e é emitida de novo. Nossa equipe também vê a recusa e entra em contato se os dados estiverem certos.',
      ],
    }),
  },
};

const HELLO: Record<Language, string> = { en: 'Hello', 'pt-BR': 'Olá' };

/** A paragraph of lines, or a link with the sentence that leads to it. */
type Block = { lines: string[] } | { intro: string; link: string };

function blocksToText(blocks: Block[]): string {
  return blocks
    .map((block) =>
      'link' in block ? [block.intro, block.link].filter(Boolean).join('\n') : block.lines.join('\n'),
    )
    .join('\n\n');
}

function blocksToHtml(blocks: Block[], language: Language): string {
  const e = escapeHtml;
  const paragraphs = blocks.map((block) =>
    'link' in block
      ? `<p>${block.intro ? `${e(block.intro)} ` : ''}<a href="${e(block.link)}">${e(block.link)}</a></p>`
      : `<p>${block.lines.map(e).join('<br>')}</p>`,
  );
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1a1b1e">${paragraphs.join('')}</body></html>`;
}

/** The issued nota (to the billing e-mails) or its refusal (to the Owners), in text and HTML. */
export function renderNfseEmail(input: NfseEmailInput): { subject: string; text: string; html: string } {
  const { notice, language } = input;
  const isIssued = notice.kind === 'issued';
  const values: Values = {
    app: input.appName,
    invoice: input.invoiceNumber,
    number: isIssued ? notice.number : '',
    code: isIssued ? notice.verificationCode : '',
    date: isIssued
      ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
          notice.issuedAt,
        )
      : '',
    amount: isIssued
      ? new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(notice.amount / 100)
      : '',
  };
  const texts = TEXTS[language][notice.kind](values, notice);
  const blocks: Block[] = [
    { lines: [input.name ? `${HELLO[language]}, ${input.name},` : `${HELLO[language]},`] },
    { lines: texts.lines },
    { intro: texts.linkIntro, link: isIssued ? input.invoiceUrl : input.billingUrl },
    ...texts.after.map((line) => ({ lines: [line] })),
    { lines: [input.appName] },
  ];
  return { subject: texts.subject, text: blocksToText(blocks), html: blocksToHtml(blocks, language) };
}
