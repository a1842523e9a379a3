import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCsv } from './csv.ts';
import {
  checkReferenceData,
  municipalityRow,
  parseRow,
  type ReferenceData,
  rangeRow,
  streetRow,
} from './reference-data.ts';

/**
 * Reads a reference directory in the formats of the shared CEP data set: `municipalities.csv`
 * (ibge,name,uf,ddd,lat,lng,timezone,capital), `ranges.csv` (cep_start,cep_end,ibge) and, if present,
 * `streets.json` (OpenCEP records). Everything is validated before anything is written.
 */
export async function readReferenceDirectory(dir: string): Promise<ReferenceData> {
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');

  const municipalities = parseCsv(await read('municipalities.csv'), 'municipalities.csv').map(
    ({ line, values }) =>
      parseRow(municipalityRow, { ...values, isCapital: values.capital }, `municipalities.csv:${line}`),
  );
  const ranges = parseCsv(await read('ranges.csv'), 'ranges.csv').map(({ line, values }) =>
    parseRow(
      rangeRow,
      { cepStart: values.cep_start, cepEnd: values.cep_end, ibge: values.ibge },
      `ranges.csv:${line}`,
    ),
  );
  const streets = await readStreets(dir);
  const data = { municipalities, ranges, streets };
  checkReferenceData(data);
  return data;
}

async function readStreets(dir: string): Promise<ReferenceData['streets']> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'streets.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch (error) {
    throw new Error(`streets.json: not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(records)) throw new Error('streets.json: expected an array of records');
  return records.map((item: unknown, i) => {
    const record = (item !== null && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    return parseRow(
      streetRow,
      {
        cep: record.cep,
        street: record.logradouro,
        complement: record.complemento ?? '',
        district: record.bairro,
        city: record.localidade,
        uf: record.uf,
        ibge: record.ibge,
        lat: record.lat ?? null,
        lng: record.lon ?? null,
      },
      `streets.json[${i}]`,
    );
  });
}
