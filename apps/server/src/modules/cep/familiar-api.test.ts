import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { compareShape, readFamiliarAnswer } from '../../test/familiar-shape.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';

/**
 * Issue 16: each response shape of the familiar CEP API, as its documentation shows it
 * (fixtures/awesomeapi/), against our real server's answer, field by field.
 */
let test: TestApp;
const get = (url: string) => test.app.inject({ method: 'GET', url });
const familiar = (name: string) =>
  readFamiliarAnswer(path.join(import.meta.dirname, 'fixtures', 'awesomeapi', `${name}.json`));

beforeAll(async () => {
  // A street record imported, upstreams off: a CEP outside every imported range is not found.
  test = await createTestApp({ env: { CEP_UPSTREAM: 'off' } });
  const data = await readReferenceDirectory(path.join(import.meta.dirname, 'fixtures', 'reference'));
  await importReferenceData(test.database.db, data);
});
afterAll(() => test.close());

describe('our CEP answers against the familiar API’s documented shapes', () => {
  it('CEP found: the same fields in the same order, every value a string', async () => {
    const theirs = familiar('found');
    const response = await get('/cep/json/01001-000');
    expect(response.statusCode).toBe(theirs.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(compareShape(response.json(), theirs.body)).toEqual([]);
  });

  it('CEP invalid: 400 with the familiar error body', async () => {
    const theirs = familiar('invalid');
    const response = await get('/cep/json/0100');
    expect(response.statusCode).toBe(theirs.status);
    expect(compareShape(response.json(), theirs.body)).toEqual([]);
    expect(response.json()).toEqual(theirs.body);
  });

  it('CEP not found: 404 with the familiar error body', async () => {
    const theirs = familiar('not-found');
    const response = await get('/cep/json/99999999');
    expect(response.statusCode).toBe(theirs.status);
    expect(compareShape(response.json(), theirs.body)).toEqual([]);
    expect(response.json()).toEqual(theirs.body);
  });
});
