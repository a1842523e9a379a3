import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * Issue 23: a reference page speaks one language. Each document is served in English (the default, for
 * tools) and, with `?lng=pt-BR`, with every summary, description and title in Portuguese.
 */
type Document = {
  openapi: string;
  info: { title: string; description: string };
  tags?: { name: string; 'x-displayName'?: string }[];
  paths: Record<string, Record<string, unknown>>;
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const DOCUMENTS = ['/quotes/openapi.json', '/cep/openapi.json', '/api/openapi.json'];

async function documentOf(url: string) {
  const response = await test.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  return { document: response.json() as Document, etag: response.headers.etag };
}

/** Every summary, description and title outside the info block and the examples (real answer bodies). */
function textsOf(document: Document): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'example' || key === 'examples') continue;
      if (['summary', 'description', 'title'].includes(key) && typeof child === 'string') texts.push(child);
      else walk(child);
    }
  };
  const { info: _info, ...rest } = document;
  walk(rest);
  return texts;
}

// Fastify's placeholder, which the reference page hides, and names that are the same in both languages.
const SAME_IN_BOTH = new Set(['Default Response', 'Bairro']);

describe('OpenAPI documents per language', () => {
  it.each(DOCUMENTS)('%s: English by default, intro and section titles included', async (url) => {
    const { document } = await documentOf(url);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.description).toMatch(/## (Access|Authentication)/);
    expect(document.info.description).not.toMatch(/## (Acesso|Autenticação|Erros)/);
    expect(document.info.title).not.toMatch(/Cotações|API de CEP|API do portal/);
  });

  it.each(DOCUMENTS)('%s?lng=pt-BR: every text in Portuguese, a valid document of its own', async (url) => {
    const english = await documentOf(url);
    const portuguese = await documentOf(`${url}?lng=pt-BR`);
    expect(portuguese.document.openapi).toBe('3.1.0');
    expect(portuguese.document.info.description).toMatch(/## (Acesso|Autenticação)/);
    expect(Object.keys(portuguese.document.paths)).toEqual(Object.keys(english.document.paths));
    const englishTexts = new Set(textsOf(english.document));
    const untranslated = textsOf(portuguese.document).filter(
      (text) => englishTexts.has(text) && !SAME_IN_BOTH.has(text),
    );
    expect(untranslated).toEqual([]);
    // Each language its own cached body and ETag.
    expect(portuguese.etag).not.toBe(english.etag);
    expect((await documentOf(`${url}?lng=en`)).etag).toBe(english.etag);
  });

  it('names the groups for the reader in the page language, keeping the tag names operations use', async () => {
    const pt = (await documentOf('/api/openapi.json?lng=pt-BR')).document;
    const en = (await documentOf('/api/openapi.json')).document;
    expect(pt.tags?.find((tag) => tag.name === 'Account')?.['x-displayName']).toBe('Conta');
    expect(en.tags?.find((tag) => tag.name === 'Account')?.['x-displayName']).toBe('Account');
    const quotes = (await documentOf('/quotes/openapi.json')).document;
    expect(quotes.tags?.find((tag) => tag.name === 'Cotações')?.['x-displayName']).toBe('Quotes');
  });

  it("shows the gateway's refusals as the API answers in the page language", async () => {
    const example = (document: Document) =>
      JSON.stringify(
        (document.paths['/cep/json/{cep}']?.get as { responses?: Record<string, unknown> } | undefined)
          ?.responses?.['401'],
      );
    expect(example((await documentOf('/cep/openapi.json')).document)).toContain('invalid token');
    expect(example((await documentOf('/cep/openapi.json?lng=pt-BR')).document)).toContain('token inválido');
  });
});
