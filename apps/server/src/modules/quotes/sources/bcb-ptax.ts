import { fetchText } from '#server/lib/fetch-text.ts';
import { DAY_MS } from '#server/lib/time.ts';
import { PTAX_BASES } from '../catalog.ts';
import { PTAX_CODE } from '../currency-names.ts';
import { addDays, formatSaoPaulo, isRealDay, zonedToUtc } from '../time.ts';
import type { Observation } from '../types.ts';
import type { QuoteSource } from './quote-source.ts';
import { httpError, malformed, SOURCE_REQUEST } from './source-error.ts';

export type PtaxOptions = { baseUrl: string; timeoutMs: number; intervalMs: number };

type Bulletin = { bid: number; ask: number; day: string; time: string; kind: string };

const STAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)$/;
/** Days asked for on every run: a long holiday plus a weekend still leaves the last PTAX inside. */
const WINDOW_DAYS = 10;
/** Days asked for when nothing is known yet, so the daily series starts with some history. */
const FIRST_WINDOW_DAYS = 45;

function isClosing(kind: string): boolean {
  return kind === 'Fechamento PTAX' || kind === 'Fechamento';
}

function parseBulletin(item: unknown): Bulletin {
  const { cotacaoCompra, cotacaoVenda, dataHoraCotacao, tipoBoletim } = (item ?? {}) as Record<
    string,
    unknown
  >;
  if (typeof cotacaoCompra !== 'number' || !(cotacaoCompra > 0))
    throw malformed('bulletin without cotacaoCompra');
  if (typeof cotacaoVenda !== 'number' || !(cotacaoVenda > 0))
    throw malformed('bulletin without cotacaoVenda');
  const stamp = typeof dataHoraCotacao === 'string' ? STAMP.exec(dataHoraCotacao) : null;
  if (!stamp || !isRealDay(stamp[1] as string)) throw malformed('bulletin without dataHoraCotacao');
  if (typeof tipoBoletim !== 'string') throw malformed('bulletin without tipoBoletim');
  return {
    bid: cotacaoCompra,
    ask: cotacaoVenda,
    day: stamp[1] as string,
    time: stamp[2] as string,
    kind: tipoBoletim,
  };
}

/**
 * `CotacaoMoedaPeriodo` answers every bulletin of the window: opening, intermediate and the closing
 * PTAX. A day counts once its closing PTAX exists; its high and low span all of that day's bulletins.
 * Weekends and holidays have no bulletins at all, so an empty `value` is a valid answer.
 */
export function parsePtaxPeriod(text: string, currency: string): Observation[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed('body is not JSON');
  }
  const value = (body as { value?: unknown } | null)?.value;
  if (!Array.isArray(value)) throw malformed('no value array');
  const byDay = new Map<string, Bulletin[]>();
  for (const bulletin of value.map(parseBulletin)) {
    const list = byDay.get(bulletin.day) ?? [];
    list.push(bulletin);
    byDay.set(bulletin.day, list);
  }
  const observations: Observation[] = [];
  for (const [day, bulletins] of byDay) {
    bulletins.sort((a, b) => a.time.localeCompare(b.time));
    const closing = bulletins.findLast((bulletin) => isClosing(bulletin.kind));
    if (!closing) continue;
    const bids = bulletins.map((bulletin) => bulletin.bid);
    observations.push({
      source: 'bcb-ptax',
      base: currency,
      quote: PTAX_CODE,
      day,
      bar: {
        open: bulletins[0]?.bid ?? closing.bid,
        openAt: zonedToUtc(day, bulletins[0]?.time ?? closing.time, 'America/Sao_Paulo'),
        high: Math.max(...bids),
        low: Math.min(...bids),
        close: closing.bid,
        ask: closing.ask,
        asOf: zonedToUtc(day, closing.time, 'America/Sao_Paulo'),
      },
    });
  }
  return observations;
}

/** OData dates are MM-DD-YYYY inside quotes. */
function odataDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `'${month}-${date}-${year}'`;
}

export function ptaxPeriodUrl(baseUrl: string, currency: string, fromDay: string, toDay: string): string {
  const query = [
    `@moeda='${currency}'`,
    `@dataInicial=${odataDate(fromDay)}`,
    `@dataFinalCotacao=${odataDate(toDay)}`,
    '$format=json',
    '$select=paridadeCompra,paridadeVenda,cotacaoCompra,cotacaoVenda,dataHoraCotacao,tipoBoletim',
  ].join('&');
  return `${baseUrl}/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)?${query}`;
}

/** Banco Central do Brasil's PTAX (Olinda OData service), for USD-BRLPTAX and EUR-BRLPTAX. */
export function createPtaxSource(options: PtaxOptions): QuoteSource {
  return {
    name: 'bcb-ptax',
    feeds: 'bcb-ptax',
    // A Friday PTAX is still the latest on Monday morning, and Carnival adds two more days.
    cadenceMs: 5 * DAY_MS,
    intervalMs: options.intervalMs,
    async fetch({ book, now }) {
      const toDay = formatSaoPaulo(now).slice(0, 10);
      const window = book.latestDay('bcb-ptax') ? WINDOW_DAYS : FIRST_WINDOW_DAYS;
      const fromDay = addDays(toDay, -window);
      const observations: Observation[] = [];
      for (const currency of PTAX_BASES) {
        const url = ptaxPeriodUrl(options.baseUrl, currency, fromDay, toDay);
        const { status, text } = await fetchText(url, {
          ...SOURCE_REQUEST,
          timeoutMs: options.timeoutMs,
          accept: 'application/json',
        });
        if (status !== 200) throw httpError(status);
        observations.push(...parsePtaxPeriod(text, currency));
      }
      return observations;
    },
  };
}
