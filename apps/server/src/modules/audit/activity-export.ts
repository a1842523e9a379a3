import type { ActivityEntry, ActivityExport } from '@cotacep/shared/audit-schemas';
import type { Language } from '@cotacep/shared/languages';
import { stringify } from 'csv-stringify/sync';
import { slug } from '../../lib/slug.ts';
import { utcDay } from '../../lib/time.ts';

/**
 * The activity download (issue 26). CSV follows the usage export's conventions (decision 015): `;` and
 * Portuguese headers for pt-BR (what Excel expects in Brazil), `,` and English ones for en, CRLF, a BOM so
 * Excel reads UTF-8. csv-stringify quotes what needs quoting and neutralises formulas: a cell starting with
 * = + - @ tab or CR (a key named `=HYPERLINK(…)`) gets a leading `'`, so a spreadsheet shows it as text.
 */
const HEADERS: Record<Language, string[]> = {
  'pt-BR': [
    'id',
    'data e hora (UTC)',
    'evento',
    'tipo de autor',
    'id do autor',
    'autor',
    'IP',
    'navegador',
    'tipo do alvo',
    'id do alvo',
    'alvo',
    'detalhes',
    'motivo',
  ],
  en: [
    'id',
    'time (UTC)',
    'event',
    'actor type',
    'actor id',
    'actor',
    'IP',
    'user agent',
    'target type',
    'target id',
    'target',
    'details',
    'reason',
  ],
};

const SEPARATORS: Record<Language, string> = { 'pt-BR': ';', en: ',' };

function rowOf(entry: ActivityEntry): string[] {
  return [
    entry.id,
    entry.occurredAt,
    entry.event,
    entry.actor.type,
    entry.actor.id ?? '',
    entry.actor.label ?? '',
    entry.ip ?? '',
    entry.userAgent ?? '',
    entry.target?.type ?? '',
    entry.target?.id ?? '',
    entry.target?.label ?? '',
    Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : '',
    entry.reason ?? '',
  ];
}

export function activityCsv(entries: ActivityEntry[], language: Language): string {
  return stringify([HEADERS[language], ...entries.map(rowOf)], {
    bom: true,
    delimiter: SEPARATORS[language],
    record_delimiter: '\r\n',
    escape_formulas: true,
  });
}

export function activityJson(
  entries: ActivityEntry[],
  scope: { organizationId: string | null; truncated: boolean; now: number },
): string {
  const body: ActivityExport = {
    organizationId: scope.organizationId,
    exportedAt: new Date(scope.now).toISOString(),
    truncated: scope.truncated,
    entries,
  };
  return JSON.stringify(body, null, 2);
}

/** `cotacep-activity-<organization's name, or "account">-YYYY-MM-DD.csv|json`. */
export function activityFileName(owner: string, format: 'csv' | 'json', now: number): string {
  return `cotacep-activity-${slug(owner) || 'organization'}-${utcDay(now)}.${format}`;
}
