import { type QuoteBook, VECTOR_BASES } from './book.ts';
import { CURRENCY_NAMES, PTAX_CODE, PTAX_NAME, TOURISM_CODE, TOURISM_NAME } from './currency-names.ts';
import { VECTOR_PRIORITY } from './pair-series.ts';
import type { DataSource } from './types.ts';

/** `direct`: read as it is from one source (PTAX). `tourism`: the commercial pair against BRL, with the tourism spread. */
export type ServedPair = { from: string; to: string; direct?: DataSource; tourism?: boolean };

/** PTAX rates exist only against the real, for the currencies the central bank source is asked about. */
export const PTAX_BASES = ['USD', 'EUR'] as const;

/** What can be asked for right now: the named currencies some source has a rate for, and the PTAX pairs. */
export class Catalog {
  readonly codes: ReadonlySet<string>;
  readonly ptaxBases: ReadonlySet<string>;
  readonly tourismBases: ReadonlySet<string>;

  constructor(book: QuoteBook, tourismBases: readonly string[] = []) {
    const codes = new Set<string>();
    for (const source of VECTOR_PRIORITY) {
      const days = book.days(source);
      if (days.length === 0) continue;
      const base = VECTOR_BASES[source];
      if (base && CURRENCY_NAMES[base]) codes.add(base);
      for (const day of days) {
        for (const key of book.keysOn(source, day)) if (CURRENCY_NAMES[key]) codes.add(key);
      }
    }
    this.codes = codes;
    this.tourismBases = new Set(codes.has('BRL') ? tourismBases.filter((base) => codes.has(base)) : []);
    this.ptaxBases = new Set(
      PTAX_BASES.filter((base) =>
        book.days('bcb-ptax').some((day) => book.bar('bcb-ptax', day, `${base}-${PTAX_CODE}`)),
      ),
    );
  }

  name(code: string): string {
    if (code === PTAX_CODE) return PTAX_NAME;
    if (code === TOURISM_CODE) return TOURISM_NAME;
    return CURRENCY_NAMES[code] ?? code;
  }

  /** "Dólar Americano/Real Brasileiro"; the PTAX pairs read "Dólar Americano/Real Brasileiro PTAX". */
  pairName(from: string, to: string): string {
    return `${this.name(from)}/${this.name(to)}`;
  }

  resolve(from: string, to: string): ServedPair | null {
    if (to === PTAX_CODE) return this.ptaxBases.has(from) ? { from, to, direct: 'bcb-ptax' } : null;
    if (to === TOURISM_CODE) return this.tourismBases.has(from) ? { from, to, tourism: true } : null;
    if (from === to || !this.codes.has(from) || !this.codes.has(to)) return null;
    return { from, to };
  }

  /** Listed pairs: every currency against and from BRL, USD and EUR, plus the tourism and PTAX pairs. */
  listedPairs(): [string, string][] {
    const hubs = ['BRL', 'USD', 'EUR'].filter((code) => this.codes.has(code));
    const pairs = new Map<string, [string, string]>();
    for (const code of [...this.codes].sort()) {
      for (const hub of hubs) {
        if (code === hub) continue;
        pairs.set(`${code}-${hub}`, [code, hub]);
        pairs.set(`${hub}-${code}`, [hub, code]);
      }
    }
    for (const base of this.tourismBases) pairs.set(`${base}-${TOURISM_CODE}`, [base, TOURISM_CODE]);
    for (const base of this.ptaxBases) pairs.set(`${base}-${PTAX_CODE}`, [base, PTAX_CODE]);
    return [...pairs.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, pair]) => pair);
  }

  /** Code → name for every code a pair may use, BRLT and BRLPTAX included when their pairs are served. */
  uniq(): [string, string][] {
    const codes = [...this.codes];
    if (this.tourismBases.size > 0) codes.push(TOURISM_CODE);
    if (this.ptaxBases.size > 0) codes.push(PTAX_CODE);
    return codes.sort().map((code) => [code, this.name(code)]);
  }
}
