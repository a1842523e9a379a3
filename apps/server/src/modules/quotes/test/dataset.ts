import { readFileSync } from 'node:fs';
import { HISTORY_FILE } from '../sources/bundled-data.ts';
import { parseHistoryFile } from '../sources/history-file.ts';

/** Rates per US dollar of the shipped history, by day and code: what tests expect the API to print. */
export function historyRates(): Map<string, Map<string, number>> {
  const history = parseHistoryFile(JSON.parse(readFileSync(HISTORY_FILE, 'utf8')));
  const days = new Map<string, Map<string, number>>();
  for (const [day, rates] of history.days) {
    const byCode = new Map<string, number>([['USD', 1]]);
    rates.forEach((rate, index) => {
      if (rate !== null) byCode.set(history.codes[index] as string, rate);
    });
    days.set(day, byCode);
  }
  return days;
}

export function rate(days: Map<string, Map<string, number>>, day: string, from: string, to: string): number {
  const rates = days.get(day);
  const value = (rates?.get(to) ?? Number.NaN) / (rates?.get(from) ?? Number.NaN);
  if (!Number.isFinite(value)) throw new Error(`no ${from}-${to} on ${day}`);
  return value;
}
