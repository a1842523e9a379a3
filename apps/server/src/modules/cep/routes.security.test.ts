import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startTestUpstream, type TestUpstream } from './test-upstream.ts';

let test: TestApp;
let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startTestUpstream({});
  test = await createTestApp({
    env: { CEP_VIACEP_URL: upstream.url, CEP_BRASILAPI_URL: upstream.url, CEP_OPENCEP_URL: upstream.url },
  });
});
afterAll(async () => {
  await test.close();
  await upstream.close();
});

describe('CEP API against hostile input', () => {
  it.each([
    ['an encoded slash', '/cep/json/01001%2F000'],
    ['path traversal', '/cep/json/..%2F..%2Fetc%2Fpasswd'],
    ['a dot-dot segment', '/cep/json/../json/01001000x'],
    ['an encoded NUL', '/cep/json/01001000%00'],
    ['an encoded space', '/cep/json/%200100100'],
    ['full-width digits', `/cep/json/${encodeURIComponent('０１００１０００')}`],
    ['Arabic-Indic digits', `/cep/json/${encodeURIComponent('٠١٠٠١٠٠٠')}`],
    ['an encoded newline', '/cep/json/01001000%0A'],
    ['an extra segment', '/cep/json/01001000/json'],
    ['an empty CEP', '/cep/json/'],
    ['a very long value', `/cep/json/${'1'.repeat(5000)}`],
    ['a very long path', `/cep/json/01001000/${'a/'.repeat(2000)}`],
    ['a broken percent-encoding', '/cep/json/0100100%E0%A4%A'],
    ['markup', `/cep/xml/${encodeURIComponent('<a>&amp;</a>')}`],
  ])('%s is a 400 and reaches no provider', async (_name, url) => {
    const response = await test.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/invalid/);
    expect(response.body).not.toMatch(/<a>|passwd|Error:|stack/);
    expect(upstream.hits).toEqual([]);
  });

  it('a query string cannot change the answer or inject into it', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/cep/json/abc?cep=01001000&format=<x>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<x>');
  });
});
