import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JSON_BODY_LIMITS } from '@cotacep/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/api-keys.ts';
import { projects } from '../db/schema/projects.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Issue 22, item 3: a 10 KB body nested 5,000 deep held the only thread for 300 ms (6,000 deep: a 500 from a
// stack overflow), and routes that take no body accepted any. Every JSON body is measured before it is parsed,
// and a route without a body schema refuses one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => t.close());

/** A customer of their own per test: the body-less routes allow each user 30 calls a minute. */
const customer = () =>
  // Room for the few projects and keys the tests create.
  createAccount(t.app, t.database.db, { plan: 'business' });

const json = { 'content-type': 'application/json' };
const deep = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
/** `{"0":0,"1":0,…}` with base-36 keys: 100,000 keys in under 1 MB. */
const wideObject = (keys: number) =>
  `{${Array.from({ length: keys }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;

type Method = 'POST' | 'DELETE';
function send(account: TestAccount | null, method: Method, url: string, payload?: string, language = 'en') {
  return t.app.inject({
    method,
    url,
    headers: {
      ...account?.headers,
      ...(payload === undefined ? {} : json),
      'accept-language': language,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}
/** Login reads nothing before its body: what these answers cost is the body's reading and refusal. */
const login = (payload: string, language = 'en') => send(null, 'POST', '/api/auth/login', payload, language);

const median = (values: number[]) =>
  values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.POSITIVE_INFINITY;

/**
 * The median time each of `calls` costs the server, called `runs` times in turn, in milliseconds of CPU
 * time: the app runs in this process, and unlike wall time this does not grow when other processes
 * (another test file) take the cores.
 */
async function cpuMsOfEach(runs: number, calls: Array<() => Promise<unknown>>): Promise<number[]> {
  const times = calls.map(() => [] as number[]);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, call] of calls.entries()) {
      const before = process.cpuUsage();
      await call();
      const used = process.cpuUsage(before);
      times[index]?.push((used.user + used.system) / 1000);
    }
  }
  return times.map(median);
}

/** The longest the event loop was held while `call` ran `times` times, one per turn of the loop, in milliseconds. */
async function longestEventLoopDelay(times: number, call: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  for (let i = 0; i < times; i += 1) {
    await call();
    await nextTurn();
  }
  histogram.disable();
  return histogram.max / 1e6;
}

describe('a deeply nested body', () => {
  it('is 400 JsonTooDeep in under 10 ms, before anything parses or walks it, in the request’s language', async () => {
    const body = `{"email":${deep(10_000, '"x"')},"password":"x"}`;
    const answer = await login(body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'JsonTooDeep',
      message: `The JSON body is nested too deeply: at most ${JSON_BODY_LIMITS.maxDepth} levels of objects and arrays.`,
    });
    expect((await login(body, 'pt-BR')).json().message).toBe(
      `O corpo JSON tem aninhamento profundo demais: no máximo ${JSON_BODY_LIMITS.maxDepth} níveis de objetos e listas.`,
    );
    const [deepest = Number.NaN, shallow = Number.NaN] = await cpuMsOfEach(21, [
      () => login(body),
      () => login('{"email":["x"],"password":"x"}'),
    ]);
    expect(deepest).toBeLessThan(10);
    // About what a small invalid body costs (before issue 22: 300 ms, or a 500).
    expect(deepest).toBeLessThan(shallow + 5);
  });

  it('is 400 BodyNotAllowed on a route that takes no body (the checkout cancel of the report), no slower than no body', async () => {
    const account = await customer();
    const body = deep(10_000);
    const cancel = (payload?: string, language?: string) =>
      send(account, 'POST', '/api/billing/checkout/cancel', payload, language);
    const answer = await cancel(body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'BodyNotAllowed',
      message: 'This endpoint takes no request body. Send the request without one.',
    });
    expect((await cancel(body, 'pt-BR')).json().message).toBe(
      'Este endpoint não recebe corpo na requisição. Envie a requisição sem corpo.',
    );
    // Both pass the access token check; the body is refused before the route does anything.
    const [refused = Number.NaN, bodyless = Number.NaN] = await cpuMsOfEach(9, [
      () => cancel(body),
      () => cancel(),
    ]);
    expect(refused).toBeLessThan(bodyless + 5);
  });

  it('leaves the event loop free: many of them hold it no longer than requests without a body do', async () => {
    const body = deep(10_000);
    // A customer per round, under the body-less routes' 30 calls a minute.
    const accounts = await Promise.all(Array.from({ length: 6 }, customer));
    const cancel = (account: TestAccount, payload?: string) => () =>
      send(account, 'POST', '/api/billing/checkout/cancel', payload);
    // Rounds of each in turn, and the least of each kind: another process taking the core delays a round too.
    const bodyless: number[] = [];
    const deepest: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const [plain, hostile] = accounts.slice(round * 2) as [TestAccount, TestAccount];
      bodyless.push(await longestEventLoopDelay(10, cancel(plain)));
      deepest.push(await longestEventLoopDelay(10, cancel(hostile, body)));
    }
    // Before issue 22, each of them held it for 260 ms or more (the NUL check walked the body).
    expect(Math.min(...deepest)).toBeLessThan(Math.max(100, 2 * Math.min(...bodyless)));
  }, 120_000);

  it('is refused at one level past the limit and accepted at the limit', async () => {
    const account = await customer();
    const at = `{"name":${deep(JSON_BODY_LIMITS.maxDepth - 1, '"x"')}}`;
    const past = `{"name":${deep(JSON_BODY_LIMITS.maxDepth, '"x"')}}`;
    // At the limit the body is parsed and its schema answers (a name is text, not a list).
    expect((await send(account, 'POST', '/api/projects', at)).json().code).toBe('ZodError');
    expect((await send(account, 'POST', '/api/projects', past)).json().code).toBe('JsonTooDeep');
    // Brackets inside strings are text, not nesting.
    const name = `${'['.repeat(60)}{"\\"[`;
    const created = await send(account, 'POST', '/api/projects', JSON.stringify({ name }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe(name);
  });
});

describe('a very wide body', () => {
  const projectCount = async () => (await t.database.db.select().from(projects)).length;

  it('of 100,000 keys or elements (under the 1 MB limit) is 400 JsonTooManyItems, fast, and stores nothing', async () => {
    const account = await customer();
    const before = await projectCount();
    const keys = `{"name":"Loja",${wideObject(100_000).slice(1)}`;
    const elements = `{"name":"Loja","x":[${Array(100_000).fill(0).join(',')}]}`;
    for (const body of [keys, elements]) {
      expect(body.length).toBeLessThan(1024 * 1024);
      const answer = await send(account, 'POST', '/api/projects', body);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'JsonTooManyItems',
        message: `The JSON body has too many items: at most ${JSON_BODY_LIMITS.maxItems.toLocaleString('en')} values.`,
      });
      // No slower than a body of the same size holding one long string (read, parsed, refused by its schema).
      const flatBody = JSON.stringify({ email: 'x'.repeat(body.length) });
      const [wide = Number.NaN, flat = Number.NaN] = await cpuMsOfEach(9, [
        () => login(body),
        () => login(flatBody),
      ]);
      expect(wide).toBeLessThan(flat + 5);
    }
    expect((await send(account, 'POST', '/api/projects', elements, 'pt-BR')).json().message).toBe(
      `O corpo JSON tem itens demais: no máximo ${JSON_BODY_LIMITS.maxItems.toLocaleString('pt-BR')} valores.`,
    );
    expect(await projectCount()).toBe(before);
  });

  it('within the limit is read as before', async () => {
    const account = await customer();
    const body = `{"name":"Loja larga",${wideObject(JSON_BODY_LIMITS.maxItems - 1).slice(1)}`;
    const answer = await send(account, 'POST', '/api/projects', body);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(201);
    expect(answer.json().name).toBe('Loja larga');
  });
});

describe('a route that takes no body', () => {
  it('refuses one, of any size, and does nothing', async () => {
    const account = await customer();
    const { key } = await createKey(t.app, account);
    for (const payload of ['{}', '[]', '0', '"x"', '{"id":"other"}']) {
      const answer = await send(account, 'DELETE', `/api/keys/${key.id}`, payload);
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.json().code, payload).toBe('BodyNotAllowed');
    }
    const textBody = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout/cancel',
      headers: { ...account.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(textBody.statusCode).toBe(400);
    expect(textBody.json().code).toBe('BodyNotAllowed');
    const keys = await t.database.db.select().from(apiKeys);
    expect(keys.some((row) => row.id === key.id)).toBe(true);
  });

  it('still answers a request without one, with or without a JSON content type', async () => {
    const account = await customer();
    expect((await send(account, 'POST', '/api/billing/checkout/cancel')).statusCode).toBe(204);
    expect((await send(account, 'POST', '/api/billing/checkout/cancel', '')).statusCode).toBe(204);
    const { key } = await createKey(t.app, account);
    expect((await send(account, 'DELETE', `/api/keys/${key.id}`, '')).statusCode).toBe(204);
  });
});

describe('JSON bodies otherwise parse as before', () => {
  it('a normal body reaches its route; malformed JSON and prototype poisoning are 400 BadRequest', async () => {
    const account = await customer();
    expect((await send(account, 'POST', '/api/projects', '{"name":"Loja"}')).statusCode).toBe(201);
    for (const body of [
      '{"name":',
      '{"name":"Loja"}}',
      '{"name":"Loja","__proto__":{"admin":true}}',
      '{"name":"Loja","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const answer = await send(account, 'POST', '/api/projects', body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json(), body).toMatchObject({ code: 'BadRequest', message: 'Invalid request' });
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('an empty JSON body is no body: a route that needs one answers with its schema', async () => {
    const account = await customer();
    const answer = await send(account, 'POST', '/api/projects', '');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('ZodError');
  });

  it('a POST to an unknown path is still 404, whatever its body', async () => {
    const answer = await send(null, 'POST', '/api/no-such-route', deep(10_000));
    expect(answer.statusCode).toBe(404);
  });
});
