import { DAY_MS, utcDay } from '../../lib/time.ts';

/** Calendar days as `YYYY-MM-DD` strings and instants as epoch milliseconds, converted with Intl only. */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isRealDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date;
}

/** `20240131` → `2024-01-31`; null for anything else, impossible dates included (20230230). */
export function parseCompactDay(value: string): string | null {
  if (!/^\d{8}$/.test(value)) return null;
  const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  return isRealDay(day) ? day : null;
}

export function dayStartUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, count: number): string {
  return utcDay(dayStartUtc(day) + count * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayStartUtc(to) - dayStartUtc(from)) / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD HH:MM:SS` wall-clock time of an instant in a time zone. */
export function formatZoned(at: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** AwesomeAPI's `create_date`: the instant in Brasília time. */
export function formatSaoPaulo(at: number): string {
  return formatZoned(at, 'America/Sao_Paulo');
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in Brasília, the day the quotes API speaks in. */
export function saoPauloDay(at: number): string {
  return formatSaoPaulo(at).slice(0, 10);
}

/** The instant a wall-clock time (`HH:MM:SS[.mmm]`) on a day in a time zone stands for. */
export function zonedToUtc(day: string, time: string, timeZone: string): number {
  const naive = Date.parse(`${day}T${time}Z`);
  let guess = naive;
  // Two rounds settle the offset even when the guess falls on the other side of a DST change.
  for (let round = 0; round < 2; round++) {
    const shown = Date.parse(`${formatZoned(guess, timeZone).replace(' ', 'T')}Z`);
    const offset = shown - (guess - (guess % 1000));
    guess = naive - offset;
  }
  return guess;
}
