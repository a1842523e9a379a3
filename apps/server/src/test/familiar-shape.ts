import { readFileSync } from 'node:fs';

/**
 * One answer of the familiar API (AwesomeAPI) as its public documentation shows it, kept as a fixture:
 * where it comes from, whether the body was recorded from a published example or written from the
 * documented field list, and the body itself.
 */
export type FamiliarAnswer = {
  request: string;
  source: string;
  recorded: boolean;
  note?: string;
  status: number;
  body: unknown;
};

export function readFamiliarAnswer(file: string): FamiliarAnswer {
  return JSON.parse(readFileSync(file, 'utf8')) as FamiliarAnswer;
}

const UNSIGNED_DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;
const SIGNED_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
const CURRENCY_CODE = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * The string format of each field both APIs answer, as the familiar API prints it: numbers as plain
 * decimals (no exponent, no trailing zeros), Unix seconds, a São Paulo "YYYY-MM-DD HH:mm:ss", CEP digits.
 */
const FIELD_FORMATS: Record<string, RegExp> = {
  // A quote's currency (USD) or an error's code (CoinNotExists, not_found): the same key in both APIs.
  code: /^[A-Za-z][A-Za-z0-9_]*$/,
  codein: CURRENCY_CODE,
  name: /^[^/]+\/[^/]+$/,
  high: UNSIGNED_DECIMAL,
  low: UNSIGNED_DECIMAL,
  bid: UNSIGNED_DECIMAL,
  ask: UNSIGNED_DECIMAL,
  varBid: SIGNED_DECIMAL,
  pctChange: SIGNED_DECIMAL,
  timestamp: /^\d{10}$/,
  create_date: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  cep: /^\d{8}$/,
  state: /^[A-Z]{2}$/,
  lat: /^-?\d{1,3}\.\d+$/,
  lng: /^-?\d{1,3}\.\d+$/,
  city_ibge: /^\d{7}$/,
  ddd: /^\d{2}$/,
};

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Every difference between our answer and the familiar one, field by field: the same keys in the same
 * order, the same JSON type, and each known field's string format on both sides. Values may differ
 * (other days, other rates); the shape may not. An empty list means a drop-in answer.
 */
export function compareShape(ours: unknown, theirs: unknown, path = '$'): string[] {
  const [ourType, theirType] = [jsonType(ours), jsonType(theirs)];
  if (ourType !== theirType) return [`${path}: ${ourType} where the familiar API has ${theirType}`];
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    if (ours.length === 0 || theirs.length === 0)
      return ours.length === theirs.length ? [] : [`${path}: empty`];
    // A series: the first item, then every later one against the familiar API's later items.
    return ours.flatMap((item, index) =>
      compareShape(item, theirs[Math.min(index, theirs.length - 1)], `${path}[${index}]`),
    );
  }
  if (ourType === 'object') {
    const ourRecord = ours as Record<string, unknown>;
    const theirRecord = theirs as Record<string, unknown>;
    const [ourKeys, theirKeys] = [Object.keys(ourRecord), Object.keys(theirRecord)];
    if (ourKeys.join() !== theirKeys.join()) {
      return [
        `${path}: keys ${JSON.stringify(ourKeys)} where the familiar API has ${JSON.stringify(theirKeys)}`,
      ];
    }
    return ourKeys.flatMap((key) => compareShape(ourRecord[key], theirRecord[key], `${path}.${key}`));
  }
  const field = path.slice(path.lastIndexOf('.') + 1);
  const format = FIELD_FORMATS[field];
  if (ourType !== 'string' || !format) return [];
  const problems: string[] = [];
  if (!format.test(theirs as string))
    problems.push(`${path}: the fixture's ${JSON.stringify(theirs)} is not ${format}`);
  if (!format.test(ours as string)) problems.push(`${path}: ours ${JSON.stringify(ours)} is not ${format}`);
  return problems;
}

/** Decimal places of a plain decimal string: "5.2279" → 4. */
export const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
