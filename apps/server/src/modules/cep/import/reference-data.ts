import { z } from 'zod';

/** The reference data set in our terms, validated: what the import writes to the database. */
export type MunicipalityRow = z.output<typeof municipalityRow>;
export type RangeRow = z.output<typeof rangeRow>;
export type StreetRow = z.output<typeof streetRow>;

export type ReferenceData = { municipalities: MunicipalityRow[]; ranges: RangeRow[]; streets: StreetRow[] };

const decimal = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'expected a decimal number')
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `must be within ±${limit}`);

const ibge = z.string().regex(/^\d{7}$/, 'expected a 7-digit IBGE code');
const uf = z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter UF');

export const municipalityRow = z.object({
  ibge,
  name: z.string().trim().min(1).max(120),
  uf,
  ddd: z.string().regex(/^\d{2}$/, 'expected a 2-digit DDD'),
  lat: decimal(90),
  lng: decimal(180),
  timezone: z.string().regex(/^[A-Za-z]+(\/[A-Za-z_]+)+$/, 'expected an IANA time zone'),
  isCapital: z.enum(['0', '1']).transform((value) => value === '1'),
});

const cep8 = z
  .string()
  .regex(/^\d{8}$/, 'expected 8 digits')
  .transform(Number);

export const rangeRow = z
  .object({ cepStart: cep8, cepEnd: cep8, ibge })
  .refine((range) => range.cepStart <= range.cepEnd, 'cep_start is after cep_end');

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable();

export const streetRow = z.object({
  cep: z
    .string()
    .regex(/^\d{5}-?\d{3}$/, 'expected NNNNN-NNN')
    .transform((value) => value.replace('-', '')),
  street: z.string().trim().max(200),
  complement: z.string().trim().max(200),
  district: z.string().trim().max(120),
  city: z.string().trim().min(1).max(120),
  uf,
  ibge,
  lat: coordinate(90),
  lng: coordinate(180),
});

/** Parses one row; an invalid one stops the import with the file, the row and the field. */
export function parseRow<T extends z.ZodType>(schema: T, input: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new Error(`${where}: ${field}${issue?.message ?? 'invalid'}`);
}

/**
 * What must hold across rows: unique keys, ranges that never overlap, and every range and street
 * naming a municipality of the set. Throws on the first problem, naming it.
 */
export function checkReferenceData(data: ReferenceData): void {
  if (data.municipalities.length === 0) throw new Error('no municipalities');
  if (data.ranges.length === 0) throw new Error('no CEP ranges');
  const known = new Set<string>();
  for (const row of data.municipalities) {
    if (known.has(row.ibge)) throw new Error(`municipality ${row.ibge} appears twice`);
    known.add(row.ibge);
  }
  const sorted = [...data.ranges].sort((a, b) => a.cepStart - b.cepStart);
  sorted.forEach((range, i) => {
    if (!known.has(range.ibge))
      throw new Error(`range ${pad(range.cepStart)} names unknown municipality ${range.ibge}`);
    const previous = sorted[i - 1];
    if (previous && range.cepStart <= previous.cepEnd) {
      throw new Error(
        `ranges overlap: ${pad(previous.cepStart)}–${pad(previous.cepEnd)} and ${pad(range.cepStart)}–${pad(range.cepEnd)}`,
      );
    }
  });
  const streets = new Set<string>();
  for (const street of data.streets) {
    if (streets.has(street.cep)) throw new Error(`street CEP ${street.cep} appears twice`);
    if (!known.has(street.ibge))
      throw new Error(`street CEP ${street.cep} names unknown municipality ${street.ibge}`);
    streets.add(street.cep);
  }
}

export const pad = (cep: number) => String(cep).padStart(8, '0');
