import type { Usage } from '@cotacep/shared/usage-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../lib/time.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedUsage } from '../../test/seed-key.ts';

let test: TestApp;
let account: TestAccount;
let web: Awaited<ReturnType<typeof createKey>>;
let batch: Awaited<ReturnType<typeof createKey>>;
const today = () => utcDay(Date.now());

const get = (url: string, headers: Record<string, string> = account.headers) =>
  test.app.inject({ method: 'GET', url, headers });

/** The CSV read back as the JSON's series: label → status → requests (the empty-status rows are zeros). */
function parseCsv(body: string, separator: string) {
  const [header, ...lines] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const series = new Map<string, Record<string, number>>();
  for (const line of lines) {
    const [label, status, requests] = line.split(separator) as [string, string, string];
    const byStatus = series.get(label) ?? {};
    if (status === '') expect(requests).toBe('0');
    else byStatus[status] = Number(requests);
    series.set(label, byStatus);
  }
  return { header, series };
}

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'basic' });
  web = await createKey(test.app, account, { description: 'Web' });
  const project = await test.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: account.headers,
    payload: { name: 'Integração Fiscal' },
  });
  batch = await createKey(test.app, account, {
    description: 'Batch',
    kind: 'private',
    allowedOrigins: '0.0.0.0/0, ::/0',
    projectId: project.json().id,
  });
  const call = (url: string, secret: string) =>
    test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });
  for (let index = 0; index < 3; index++) await call('/quotes/json/last/USD-BRL', web.secret);
  await call('/quotes/json/last/XXX-YYY', web.secret);
  await call('/quotes/json/last/EUR-BRL', batch.secret);
  const day = (daysAgo: number) => utcDay(Date.now() - daysAgo * 86_400_000);
  const seeded = (key: typeof web) => ({ ...key, organizationId: account.organizationId });
  await seedUsage(test.database.db, seeded(web), day(4), 200, 12);
  await seedUsage(test.database.db, seeded(web), day(4), 429, 2);
  await seedUsage(test.database.db, seeded(batch), day(40), 500, 7);
  await seedUsage(test.database.db, seeded(batch), day(100), 200, 1_234);
});
afterAll(() => test.close());

describe('GET /api/usage.csv', () => {
  it('writes a UTF-8 file with BOM, a translated header and `;` in pt-BR, not cached', async () => {
    const response = await get('/api/usage.csv', { ...account.headers, 'accept-language': 'pt-BR' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cotacep-usage-days-${today()}.csv"`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('data;status;requisições');
    // Every day of the chart has a line: empty days as one row with no status and 0.
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2};;0$/);
    expect(lines).toContain(`${today()};200;4`);
    expect(lines).toContain(`${today()};404;1`);
  });

  it('writes `,` and English headers for English, and months as YYYY-MM', async () => {
    const english = { ...account.headers, 'accept-language': 'en-US,en;q=0.9' };
    const days = await get('/api/usage.csv', english);
    expect(days.body.split('\r\n')[0]).toBe('\uFEFFdate,status,requests');
    expect(days.body).toContain(`${today()},200,4\r\n`);
    const months = await get('/api/usage.csv?view=months', english);
    expect(months.body.split('\r\n')[0]).toBe('\uFEFFmonth,status,requests');
    expect(months.body).toContain(`${today().slice(0, 7)},200,`);
    expect(months.headers['content-disposition']).toContain('filename="cotacep-usage-months-');
  });

  it('holds exactly the JSON usage’s series for the same filter and view', async () => {
    const filters = ['', `keyId=${web.key.id}`, `projectId=${batch.key.projectId}`];
    for (const filter of filters) {
      const json = (await get(`/api/usage?${filter}`)).json() as Usage;
      for (const view of ['days', 'months'] as const) {
        const csv = await get(`/api/usage.csv?${filter}&view=${view}`, {
          ...account.headers,
          'accept-language': 'en',
        });
        const { series } = parseCsv(csv.body, ',');
        const expected =
          view === 'days'
            ? json.days.map((entry) => [entry.date, entry.byStatus] as const)
            : json.months.map((entry) => [entry.month, entry.byStatus] as const);
        expect([...series], `${filter} ${view}`).toEqual(expected);
      }
    }
  });

  it('names the filter in the file name: the key by its prefix, the project by its name', async () => {
    const byKey = await get(`/api/usage.csv?keyId=${web.key.id}`);
    expect(byKey.headers['content-disposition']).toBe(
      `attachment; filename="cotacep-usage-days-key-${web.key.prefix}-${today()}.csv"`,
    );
    const byProject = await get(`/api/usage.csv?view=months&projectId=${batch.key.projectId}`);
    expect(byProject.headers['content-disposition']).toBe(
      `attachment; filename="cotacep-usage-months-project-integracao-fiscal-${today()}.csv"`,
    );
  });
});

describe('GET /api/usage.csv: errors', () => {
  it('refuses a filter that is not a uuid and an unknown view in the usual envelope', async () => {
    for (const query of ['keyId=nope', 'projectId=1', 'view=weeks']) {
      const response = await get(`/api/usage.csv?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('ZodError');
    }
  });
});

describe('GET /api/usage.csv: security', () => {
  it('needs a signed-in user', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/usage.csv' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).not.toContain('text/csv');
  });

  it('gives another account’s key or project no rows and no name', async () => {
    const other = await createAccount(test.app, test.database.db);
    for (const filter of [`keyId=${web.key.id}`, `projectId=${batch.key.projectId}`]) {
      for (const view of ['days', 'months']) {
        const response = await get(`/api/usage.csv?${filter}&view=${view}`, other.headers);
        expect(response.statusCode).toBe(200);
        const { series } = parseCsv(response.body, ';');
        expect([...series.values()].every((byStatus) => Object.keys(byStatus).length === 0)).toBe(true);
        expect(response.headers['content-disposition']).not.toContain(web.key.prefix);
        expect(response.headers['content-disposition']).not.toContain('integracao');
      }
    }
  });
});
