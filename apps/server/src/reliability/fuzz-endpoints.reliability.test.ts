import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { demoCepReferenceStep } from '../modules/cep/demo-reference.ts';
import { bearer, signedIn } from '../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../test/identity-app.ts';
import type { FuzzRequest } from './fuzz/fuzz-requests.ts';
import { HOSTILE_JSON, readsBody, requestsFor } from './fuzz/fuzz-requests.ts';
import { type OpenApiDocument, type Operation, operationsOf } from './fuzz/openapi-document.ts';
import { contractBreach } from './fuzz/response-check.ts';

/**
 * Property-based fuzzing of every operation of the three OpenAPI documents (quotes, CEP, portal), with
 * inputs generated from each operation's own schemas: no answer is a 5xx or outside the documented
 * statuses, content types and body schemas, and a refused portal request stores nothing.
 * `FUZZ_RUNS` sets the inputs per operation (default 1,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const DOCUMENTS = (
  process.env.FUZZ_DOCUMENTS ?? '/quotes/openapi.json,/cep/openapi.json,/api/openapi.json'
).split(',');

/** Tables a refused request must leave as they were (security bookkeeping such as lockouts is allowed to grow). */
const BUSINESS_TABLES = [
  'users',
  'user_credentials',
  'auth_sessions',
  'verification_codes',
  'mfa_challenges',
  'projects',
  'api_keys',
  'contact_requests',
  'subscriptions',
  'invoices',
  'checkout_sessions',
];

let test: IdentityTestApp;
let documents: Array<{ url: string; document: OpenApiDocument }>;
let knownTables: string[];

beforeAll(async () => {
  test = await createIdentityTestApp({ CEP_UPSTREAM: 'off' });
  // Streets and ranges of a few capitals, so that lookups also reach the found and municipality answers.
  await demoCepReferenceStep.run(test.database.db);
  documents = await Promise.all(
    DOCUMENTS.map(async (url) => {
      const response = await test.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      return { url, document: response.json() as OpenApiDocument };
    }),
  );
  const existing = await rows<{ name: string }>(
    test.database,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema()`,
  );
  knownTables = BUSINESS_TABLES.filter((table) => existing.some((row) => row.name === table));
}, 120_000);

afterAll(async () => {
  await test?.close();
});

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row counts of the business tables, as one comparable string. */
async function fingerprint(): Promise<string> {
  const counts = knownTables.map((table) => sql.raw(`(select count(*) from "${table}") as "${table}"`));
  const [row] = await rows<Record<string, unknown>>(test.database, sql`select ${sql.join(counts, sql`, `)}`);
  return JSON.stringify(row);
}

function send(app: FastifyInstance, request: FuzzRequest, headers: Record<string, string>) {
  const body = request.body;
  if (!body) return app.inject({ method: request.method as 'GET', url: request.url, headers });
  const payload = 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null');
  return app.inject({
    method: request.method as 'POST',
    url: request.url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  });
}

const isPortal = (operation: Operation) =>
  operation.path.startsWith('/api/') && operation.path !== '/api/status';

describe('every endpoint keeps its contract under generated and hostile input', () => {
  it('fuzzes each operation of the three documents', async () => {
    const figures: string[] = [];
    const breaches: string[] = [];
    for (const { url, document } of documents) {
      for (const operation of operationsOf(document)) {
        const headers = isPortal(operation) ? bearer((await signedIn(test)).tokens.accessToken) : {};
        const statuses = new Map<number, number>();
        const outcome = await fc.check(
          fc.asyncProperty(requestsFor(operation, document), async (request) => {
            const before = isPortal(operation) ? await fingerprint() : '';
            const answer = await send(test.app, request, headers);
            statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
            const breach = contractBreach(answer, operation, document);
            if (breach) throw new Error(`${request.method} ${request.url}: ${breach}`);
            if (isPortal(operation) && answer.statusCode >= 400) {
              const after = await fingerprint();
              if (after !== before)
                throw new Error(
                  `${request.method} ${request.url} was refused (${answer.statusCode} ${answer.body.slice(0, 200)}) but stored something: rows before ${before}, after ${after}`,
                );
            }
          }),
          { numRuns: RUNS },
        );
        if (outcome.failed)
          breaches.push(
            `${operation.method} ${operation.path}: ${(outcome.errorInstance as Error | null)?.message ?? 'failed'}`,
          );
        const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
        figures.push(`${operation.method} ${operation.path} (${url}): ${RUNS} inputs · ${spread.join(' ')}`);
      }
    }
    console.log(`fuzzing: ${breaches.length} contract breaches (target 0)\n${figures.join('\n')}`);
    expect(breaches, breaches.join('\n\n')).toEqual([]);
  }, 1_200_000);

  /** CPU milliseconds one answer may take: a body refused by its shape costs about one, a naive walk 300. */
  const SLOW_MS = 50;

  it('answers a deeply nested and a very wide JSON body on every operation at once, with a 4xx where the body is read', async () => {
    const breaches: string[] = [];
    let sent = 0;
    for (const { document } of documents) {
      for (const operation of operationsOf(document)) {
        const headers = isPortal(operation) ? bearer((await signedIn(test)).tokens.accessToken) : {};
        // A well-formed URL for the operation (its parameters from their schemas), the body replaced.
        const [request] = fc.sample(requestsFor(operation, document), { numRuns: 1, seed: 22 });
        if (!request) continue;
        for (const [shape, raw] of Object.entries(HOSTILE_JSON)) {
          const before = isPortal(operation) ? await fingerprint() : '';
          const cpu = process.cpuUsage();
          const answer = await send(test.app, { ...request, body: { raw } }, headers);
          const used = process.cpuUsage(cpu);
          const cpuMs = (used.user + used.system) / 1000;
          sent += 1;
          const label = `${operation.method} ${request.url} with ${shape}`;
          const breach = contractBreach(answer, operation, document);
          if (breach) breaches.push(`${label}: ${breach}`);
          if (readsBody(operation.method) && (answer.statusCode < 400 || answer.statusCode >= 500))
            breaches.push(`${label}: ${answer.statusCode} instead of a 4xx: ${answer.body.slice(0, 200)}`);
          if (cpuMs > SLOW_MS) breaches.push(`${label}: took ${cpuMs.toFixed(0)} ms of CPU`);
          if (isPortal(operation) && (await fingerprint()) !== before)
            breaches.push(`${label}: stored something`);
        }
      }
    }
    console.log(`hostile JSON shapes: ${sent} requests, ${breaches.length} breaches (target 0)`);
    expect(breaches, breaches.join('\n')).toEqual([]);
  }, 600_000);
});
