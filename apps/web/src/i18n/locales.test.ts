import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ptBRScreens from './locales/pt-BR.screens.json';
import ptBRShell from './locales/pt-BR.shell.json';
import { loadResources, mergeTexts } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) entries.set(leaf, text);
  }
  return entries;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('translation files', () => {
  const pt = leaves(mergeTexts(ptBRShell, ptBRScreens) as Tree);
  const english = leaves(en as Tree);

  it('have exactly the same keys in pt-BR and en', () => {
    expect([...english.keys()].filter((key) => !pt.has(key))).toEqual([]);
    expect([...pt.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("split pt-BR in two parts that share no key (the shell and landing's, bundled; the rest)", () => {
    const shell = leaves(ptBRShell as Tree);
    expect([...leaves(ptBRScreens as Tree).keys()].filter((key) => shell.has(key))).toEqual([]);
    expect(shell.size).toBeGreaterThan(0);
    expect(pt.size).toBeGreaterThan(shell.size * 5);
  });

  it('use the same interpolation variables in both languages', () => {
    const differing = [...pt].filter(
      ([key, text]) => variables(text).join() !== variables(english.get(key) ?? '').join(),
    );
    expect(differing).toEqual([]);
  });

  it('have no empty texts', () => {
    expect([...pt, ...english].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('carry the shared validation messages in both languages', async () => {
    const [portuguese, english] = await Promise.all([loadResources('pt-BR'), loadResources('en')]);
    expect(portuguese?.translation.validation).toMatchObject({
      emailRequired: 'Por favor, informe seu e-mail',
    });
    expect(english?.translation.validation).toMatchObject({ emailRequired: 'Please enter your email' });
    const ptValidation = leaves(portuguese?.translation.validation as Tree);
    const enValidation = leaves(english?.translation.validation as Tree);
    expect([...ptValidation.keys()]).toEqual([...enValidation.keys()]);
  });

  it('catch a key missing on one side (the comparison itself works)', () => {
    const broken = leaves({ a: { b: 'x', c: 'y' } });
    const other = leaves({ a: { b: 'x' } });
    expect([...broken.keys()].filter((key) => !other.has(key))).toEqual(['a.c']);
  });
});
