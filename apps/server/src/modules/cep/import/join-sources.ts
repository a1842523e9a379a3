import { parseCsv } from './csv.ts';
import {
  type MunicipalityRow,
  municipalityRow,
  parseRow,
  type RangeRow,
  type ReferenceData,
  rangeRow,
} from './reference-data.ts';

/** The public files the reference set is built from, as downloaded (CSV text). */
export type ReferenceSources = {
  /** kelvins/municipios-brasileiros csv/estados.csv: codigo_uf → uf. */
  states: string;
  /** kelvins csv/municipios.csv: IBGE code, name, coordinates, DDD, time zone. */
  municipalities: string;
  /** Odoo l10n_br res.city.csv: Odoo city id, state, name. */
  cities: string;
  /** Odoo l10n_br l10n_br.zip.range.csv: CEP range per Odoo city. */
  ranges: string;
};

export type JoinResult = { data: ReferenceData; unmatchedCities: string[]; skippedRanges: number };

/** Spelling variants checked by hand (known renames), as in the shared data set's build. */
const MANUAL_MATCHES: Record<string, string> = {
  'boa saude|RN': '2405306',
  'campo grande|RN': '2401305',
  'florinea|SP': '3516101',
  'sao caitano|PE': '2613107',
};

/** Accents stripped, lower case, hyphens and apostrophes as spaces, spaces collapsed. */
export function normalizeCityName(name: string): string {
  return name
    .trim()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2019`]/g, "'")
    .replace(/[-']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Joins Odoo's CEP ranges (keyed by Odoo city) to kelvins' municipalities (keyed by IBGE code) on
 * (normalised name, UF). Odoo cities that match nothing are reported and their ranges skipped.
 */
export function joinReferenceSources(sources: ReferenceSources): JoinResult {
  const ufByCode = new Map(
    parseCsv(sources.states, 'estados.csv').map(({ values }) => [values.codigo_uf, values.uf]),
  );
  const municipalities: MunicipalityRow[] = parseCsv(sources.municipalities, 'municipios.csv').map(
    ({ line, values }) =>
      parseRow(
        municipalityRow,
        {
          ibge: values.codigo_ibge,
          name: values.nome,
          uf: ufByCode.get(values.codigo_uf ?? ''),
          ddd: values.ddd,
          lat: values.latitude,
          lng: values.longitude,
          timezone: values.fuso_horario,
          isCapital: values.capital,
        },
        `municipios.csv:${line}`,
      ),
  );
  const byKey = new Map(municipalities.map((m) => [`${normalizeCityName(m.name)}|${m.uf}`, m.ibge]));

  const ibgeByCity = new Map<string, string>();
  const unmatchedCities: string[] = [];
  for (const { values } of parseCsv(sources.cities, 'res.city.csv')) {
    const uf = (values['state_id:id'] ?? '').split('_').pop()?.toUpperCase() ?? '';
    const key = `${normalizeCityName(values.name ?? '')}|${uf}`;
    const ibge = byKey.get(key) ?? MANUAL_MATCHES[key];
    if (ibge) ibgeByCity.set(values.id ?? '', ibge);
    else unmatchedCities.push(`${values.name} (${uf})`);
  }

  const ranges: RangeRow[] = [];
  let skippedRanges = 0;
  for (const { line, values } of parseCsv(sources.ranges, 'l10n_br.zip.range.csv')) {
    const ibge = ibgeByCity.get(values['city_id:id'] ?? '');
    if (!ibge) {
      skippedRanges++;
      continue;
    }
    const cepStart = (values.start ?? '').replace('-', '');
    const cepEnd = (values.end ?? '').replace('-', '');
    ranges.push(parseRow(rangeRow, { cepStart, cepEnd, ibge }, `l10n_br.zip.range.csv:${line}`));
  }
  ranges.sort((a, b) => a.cepStart - b.cepStart);
  return { data: { municipalities, ranges, streets: [] }, unmatchedCities, skippedRanges };
}
