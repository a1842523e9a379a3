import { type JoinResult, joinReferenceSources, type ReferenceSources } from './join-sources.ts';
import { checkReferenceData } from './reference-data.ts';

export const DEFAULT_DOWNLOAD_BASE_URL = 'https://raw.githubusercontent.com';

const ODOO = 'odoo/odoo/4fb8c7240d0a8e39b8e65705320362f63df5b25c/addons/l10n_br/data';
const KELVINS = 'kelvins/municipios-brasileiros/503e2f70bbf1b4b7ec0b1f68b09086ccc38fe861/csv';

/**
 * The public files, pinned to the commits the shared data set was built from: Odoo 18 l10n_br (LGPL-3)
 * and kelvins/municipios-brasileiros (MIT). Street records are not downloaded: OpenCEP holds one file
 * per CEP and its data rights are unclear, so streets come only from a directory import.
 */
export const DOWNLOAD_PATHS: Record<keyof ReferenceSources, string> = {
  states: `${KELVINS}/estados.csv`,
  municipalities: `${KELVINS}/municipios.csv`,
  cities: `${ODOO}/res.city.csv`,
  ranges: `${ODOO}/l10n_br.zip.range.csv`,
};

const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

/** Downloads the four files from `baseUrl` (a mirror in tests) and joins them into a reference set. */
export async function downloadReference(baseUrl = DEFAULT_DOWNLOAD_BASE_URL): Promise<JoinResult> {
  const entries = await Promise.all(
    Object.entries(DOWNLOAD_PATHS).map(
      async ([name, file]) => [name, await download(`${baseUrl}/${file}`)] as const,
    ),
  );
  const result = joinReferenceSources(Object.fromEntries(entries) as ReferenceSources);
  checkReferenceData(result.data);
  return result;
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_BYTES) throw new Error(`${url}: larger than ${MAX_BYTES} bytes`);
  return new TextDecoder().decode(body);
}
