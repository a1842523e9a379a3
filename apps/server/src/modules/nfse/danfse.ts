import { formatTaxId } from '@cotacep/shared/tax-id';
import { type PdfLine, type PdfRule, writeTextPdf } from '#server/lib/text-pdf.ts';
import type { DpsTaker } from './issuer.ts';
import { issOf, type NationalNota, toBrasiliaDateTime } from './national-layout.ts';
import { describeLc116Item } from './provider.ts';

const LEFT = 56;
const RIGHT = 539;
const COLUMN = 300;
/** Characters per line of 10-point Helvetica across the page. */
const WRAP_AT = 92;

/** Words over lines of at most `width` characters. */
function wrap(text: string, width = WRAP_AT): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

const money = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

const dateTime = (date: Date) => toBrasiliaDateTime(date).slice(0, 16).replace('T', ' ');

function takerLines(taker: DpsTaker | null): string[] {
  if (!taker) return ['Tomador não identificado.'];
  const id =
    taker.kind === 'foreign'
      ? `NIF: ${taker.taxId || 'não exigido'}`
      : `${taker.kind.toUpperCase()}: ${formatTaxId(taker.taxId)}`;
  const address = taker.address
    ? [
        [taker.address.street, taker.address.number, taker.address.complement, taker.address.district]
          .filter(Boolean)
          .join(', '),
        `${taker.address.city}/${taker.address.state}, CEP ${taker.address.postalCode}`,
      ]
    : [];
  return [taker.name, id, ...address, ...(taker.email ? [taker.email] : [])];
}

/**
 * The test issuer's DANFSe (Documento Auxiliar da NFS-e), in Portuguese as the document is: number,
 * verification code, access key, provider, taker, service and values, with "SEM VALOR FISCAL — AMBIENTE DE
 * TESTE" at the top and the bottom.
 */
export function renderDanfse(nota: NationalNota): Buffer {
  const { dps, provider } = nota;
  const lines: PdfLine[] = [];
  const rules: PdfRule[] = [];
  let y = 56;
  const add = (text: string, style: Partial<PdfLine> = {}, x = LEFT) => {
    lines.push({ text, x, y, ...style });
  };
  const section = (title: string) => {
    y += 26;
    rules.push({ x1: LEFT, x2: RIGHT, y: y - 14 });
    add(title, { isBold: true, gray: 0.35 });
    y += 16;
  };
  const rows = (values: string[]) => {
    for (const value of values.flatMap((text) => wrap(text))) {
      add(value);
      y += 14;
    }
  };

  add('SEM VALOR FISCAL — AMBIENTE DE TESTE', { size: 14, isBold: true });
  y += 22;
  add('DANFSe — Documento Auxiliar da Nota Fiscal de Serviço Eletrônica', { size: 12, isBold: true });
  y += 24;
  add(`Número da NFS-e: ${nota.number}`, { isBold: true });
  add(`Emitida em: ${dateTime(nota.processedAt)}`, {}, COLUMN);
  y += 14;
  add(`Código de verificação: ${nota.verificationCode}`);
  add(`Competência: ${dps.competence.split('-').reverse().join('/')}`, {}, COLUMN);
  y += 14;
  add(`Chave de acesso: ${nota.accessKey}`, { size: 9 });
  y += 14;
  add(`Município emissor: ${nota.municipalityName} (IBGE ${dps.provider.municipality})`);

  section('PRESTADOR DO SERVIÇO');
  rows([
    provider.name,
    `CNPJ: ${formatTaxId(dps.provider.cnpj)}` +
      (dps.provider.municipalRegistration
        ? `   Inscrição municipal: ${dps.provider.municipalRegistration}`
        : ''),
    [provider.address.street, provider.address.number, provider.address.complement, provider.address.district]
      .filter(Boolean)
      .join(', '),
    `${provider.address.city}/${provider.address.state}, CEP ${provider.address.postalCode}`,
    provider.email,
  ]);

  section('TOMADOR DO SERVIÇO');
  rows(takerLines(dps.taker));

  section('SERVIÇO PRESTADO');
  rows([
    `Código de tributação nacional: ${dps.service.nationalTaxCode} (item ${dps.service.lc116Item} da LC 116/2003)`,
    describeLc116Item(dps.service.lc116Item),
    `Descrição: ${dps.service.description}`,
  ]);

  section('VALORES');
  const iss = issOf(dps.amount, dps.issRate);
  rows([
    `Valor do serviço: ${money(dps.amount)}`,
    `Base de cálculo: ${money(dps.amount)}   Alíquota do ISS: ${dps.issRate.toFixed(2).replace('.', ',')}%   ISS: ${money(iss)} (não retido)`,
    `Valor líquido: ${money(dps.amount)}`,
  ]);

  y += 24;
  rules.push({ x1: LEFT, x2: RIGHT, y: y - 14 });
  add('SEM VALOR FISCAL — AMBIENTE DE TESTE', { isBold: true });
  y += 14;
  rows([
    'Nota emitida pelo emissor de teste da Cotacep no leiaute da NFS-e Nacional (homologação, tpAmb 2): ' +
      'não é um documento fiscal e não foi transmitida a nenhuma prefeitura.',
  ]);
  return writeTextPdf(lines, rules);
}
