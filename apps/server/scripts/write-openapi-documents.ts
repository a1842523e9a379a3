/**
 * Writes the three OpenAPI documents in each language, as this server answers them, for the web build's
 * prerender of the API references (decision 039): `<api>.<language>.json` in the directory given.
 *
 *   node --import tsx apps/server/scripts/write-openapi-documents.ts <directory>
 *
 * The server is built with its defaults and placeholders for the deployment's own name and address, which
 * the server serving the pages writes in; it serves a prerendered reference only while its own document is
 * this one with them written in (`modules/web/prerendered-pages.ts`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SUPPORTED_LANGUAGES } from '@cotacep/shared/languages';
import { PRERENDER_PLACEHOLDERS } from '@cotacep/shared/prerender';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

/** Where each document is served by default; the web app asks the same addresses (`get-api-document.ts`). */
export const DOCUMENT_PATHS = {
  quotes: '/quotes/openapi.json',
  cep: '/cep/openapi.json',
  portal: '/api/openapi.json',
} as const;

async function main(directory: string | undefined): Promise<number> {
  if (!directory) {
    console.error('usage: write-openapi-documents.ts <directory>');
    return 2;
  }
  // A database in memory: the app reads its secret at start; no document depends on any row.
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    APP_NAME: PRERENDER_PLACEHOLDERS.appName,
    PUBLIC_URL: PRERENDER_PLACEHOLDERS.publicUrl,
  });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    await mkdir(directory, { recursive: true });
    for (const [api, documentPath] of Object.entries(DOCUMENT_PATHS)) {
      for (const language of SUPPORTED_LANGUAGES) {
        const response = await app.inject(`${documentPath}?lng=${language}`);
        if (response.statusCode !== 200) throw new Error(`${documentPath} answered ${response.statusCode}`);
        await writeFile(path.join(directory, `${api}.${language}.json`), response.body);
      }
    }
    return 0;
  } finally {
    await app.close();
    await database.close();
  }
}

process.exitCode = await main(process.argv[2]);
