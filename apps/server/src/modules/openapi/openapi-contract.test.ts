import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Issue 16: the public documents say exactly what the routes accept and answer, refusals included. */
type Schema = { type?: string; pattern?: string; minimum?: number; maximum?: number; maxLength?: number };
type Media = {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
};
type Parameter = { name: string; in: string; required?: boolean; schema: Schema; example?: unknown };
type Operation = { parameters?: Parameter[]; responses: Record<string, { content?: Record<string, Media> }> };
type Document = { paths: Record<string, { get: Operation }> };

let test: TestApp;
const documents: Record<string, Document> = {};

beforeAll(async () => {
  test = await createTestApp();
  for (const base of ['/quotes', '/cep']) {
    documents[base] = (await test.app.inject(`${base}/openapi.json?lng=pt-BR`)).json() as Document;
  }
});
afterAll(() => test.close());

const operation = (base: string, path: string) => documents[base]?.paths[path]?.get as Operation;
const parameter = (op: Operation, name: string) =>
  op.parameters?.find((item) => item.name === name) as Parameter;
const apiOperations = () =>
  Object.entries(documents).flatMap(([base, document]) =>
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${base}/`))
      .map(([path, item]) => ({ path, operation: item.get })),
  );

describe('parameters carry the constraints the routes check', () => {
  it('documents pairs, days, dates and CEPs with their patterns and bounds', () => {
    const last = operation('/quotes', '/quotes/json/last/{pairs}');
    const pairs = parameter(last, 'pairs').schema;
    expect(pairs).toMatchObject({ type: 'string', maxLength: 400 });
    const pairList = new RegExp(pairs.pattern as string);
    expect(pairList.test('USD-BRL,eur-brl,BTC-BRLT')).toBe(true);
    expect(['USDBRL', 'USD-BRL,', 'US$-BRL', 'USD-BRL-EUR'].some((value) => pairList.test(value))).toBe(
      false,
    );
    expect(pairList.test(Array(31).fill('USD-BRL').join(','))).toBe(false);

    const daily = operation('/quotes', '/quotes/xml/daily/{pair}/{days}');
    expect(parameter(daily, 'days').schema).toEqual({ type: 'integer', minimum: 1, maximum: 365 });
    expect(new RegExp(parameter(daily, 'pair').schema.pattern as string).test('USD-BRL,EUR-BRL')).toBe(false);
    for (const name of ['start_date', 'end_date']) {
      const date = new RegExp(parameter(daily, name).schema.pattern as string);
      expect([date.test('20260901'), date.test(''), date.test('2026-09-01')], name).toEqual([
        true,
        true,
        false,
      ]);
    }

    const cep = new RegExp(parameter(operation('/cep', '/cep/json/{cep}'), 'cep').schema.pattern as string);
    expect([cep.test('01001000'), cep.test('01001-000'), cep.test('0100100')]).toEqual([true, true, false]);
  });

  it('refuses what the patterns refuse and answers their examples, in the documented statuses', async () => {
    const cases: [string, number][] = [
      ['/quotes/json/last/USD-BRL', 200],
      ['/quotes/json/last/USDBRL', 400],
      ['/quotes/json/daily/USD-BRL/365', 200],
      ['/quotes/json/daily/USD-BRL/366', 400],
      ['/quotes/xml/daily/USD-BRL/0', 400],
      ['/quotes/json/daily/USD-BRL?start_date=20260901', 200],
      ['/quotes/json/daily/USD-BRL?start_date=2026-09-01', 400],
      ['/cep/json/0100100', 400],
    ];
    for (const [url, status] of cases) {
      const response = await test.app.inject(url);
      expect(response.statusCode, url).toBe(status);
    }
  });

  it('lists the error codes each refusal can carry', () => {
    const last = operation('/quotes', '/quotes/json/last/{pairs}');
    const codes = (status: string) =>
      (
        (last.responses[status]?.content?.['application/json']?.schema?.properties as Record<string, Schema>)
          ?.code as { enum?: string[] }
      )?.enum;
    expect(codes('400')).toEqual(expect.arrayContaining(['InvalidPair', 'TooManyPairs', 'InvalidDays']));
    expect(codes('404')).toEqual(['CoinNotExists', 'NotFound']);
  });
});

describe('every answer is documented in its format, with an example', () => {
  it('shows the gateway’s refusals in XML on XML routes and in JSON on the others', () => {
    for (const { path, operation: op } of apiOperations()) {
      const media = path.includes('/xml/') ? 'application/xml' : 'application/json';
      for (const status of ['401', '403', '429', '503']) {
        expect(Object.keys(op.responses[status]?.content ?? {}), `${path} ${status}`).toEqual([media]);
      }
    }
    const refused = operation('/cep', '/cep/xml/{cep}').responses['403']?.content?.['application/xml'];
    expect(refused?.examples?.origin_not_allowed?.value).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>403</status><code>origin_not_allowed</code>' +
        '<message>origem não permitida para este token</message></xml>\n',
    );
  });

  it('gives every status and content type of every operation an example', () => {
    for (const { path, operation: op } of apiOperations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          expect(media.example ?? media.examples, `${path} ${status} ${type}`).toBeDefined();
        }
      }
    }
    const xmlFound = operation('/cep', '/cep/xml/{cep}').responses['200']?.content?.['application/xml'];
    expect(xmlFound?.example).toContain('<cep>01001000</cep>');
    const xmlMissing = operation('/quotes', '/quotes/xml/last/{pairs}').responses['404']?.content?.[
      'application/xml'
    ];
    expect(xmlMissing?.example).toContain(
      '<code>CoinNotExists</code><message>moeda nao encontrada XYZ-BRL</message>',
    );
  });
});
