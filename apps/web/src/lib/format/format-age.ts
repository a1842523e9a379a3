const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "há 3 min" / "3 minutes ago": how long ago, in the largest unit that reads naturally. */
export function formatAge(ageMs: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round(ageMs / MINUTE_MS);
  if (minutes < 1) return format.format(-Math.round(ageMs / 1000), 'second');
  if (minutes < 120) return format.format(-minutes, 'minute');
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), 'hour');
  return format.format(-Math.round(minutes / 1440), 'day');
}

/** "2 dias" / "15 minutes": a span of time in its largest whole unit. */
export function formatDuration(ms: number, language: string): string {
  const [value, unit] =
    ms >= DAY_MS && ms % DAY_MS === 0
      ? [ms / DAY_MS, 'day']
      : ms >= HOUR_MS
        ? [Math.round(ms / HOUR_MS), 'hour']
        : [Math.max(1, Math.round(ms / MINUTE_MS)), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
