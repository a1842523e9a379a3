import { ERRORS } from '@cotacep/shared/errors';
import { SITE_META } from '@cotacep/shared/site-meta';
import { describe, expect, it } from 'vitest';
import { content as aboutEn } from '../features/legal/content/about.en.ts';
import { content as aboutPtBR } from '../features/legal/content/about.pt-BR.ts';
import { content as faqEn } from '../features/legal/content/faq.en.ts';
import { content as faqPtBR } from '../features/legal/content/faq.pt-BR.ts';
import { content as privacyEn } from '../features/legal/content/privacy.en.ts';
import { content as privacyPtBR } from '../features/legal/content/privacy.pt-BR.ts';
import { content as termsOfServiceEn } from '../features/legal/content/terms-of-service.en.ts';
import { content as termsOfServicePtBR } from '../features/legal/content/terms-of-service.pt-BR.ts';
import en from './locales/en.json';
import ptBRScreens from './locales/pt-BR.screens.json';
import ptBRShell from './locales/pt-BR.shell.json';

/**
 * Issue 23: the API secret has one name, "token", in both languages (the account's Tokens tab, the
 * `token` parameter, the gateway's `*_token` codes), and code samples one placeholder per language.
 */
function texts(value: unknown, skipKey = (_key: string) => false): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, skipKey));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (skipKey(key) ? [] : texts(child, skipKey)));
}

// Section ids are anchors, not words a reader sees.
const isId = (key: string) => key === 'id';
const PT = [
  ...texts([ptBRShell, ptBRScreens]),
  ...texts([aboutPtBR, faqPtBR, privacyPtBR, termsOfServicePtBR], isId),
  ...Object.values(ERRORS).map((entry) => entry['pt-BR']),
];
const EN = [
  ...texts(en),
  ...texts([aboutEn, faqEn, privacyEn, termsOfServiceEn], isId),
  ...Object.values(ERRORS).map((entry) => entry.en),
];

// "key" as a word, not the header's name (x-api-key), an interpolation ({{key}}) or a tag (<keyLink>).
const ENGLISH_KEY = /(?<![-{<_/])\b(api )?keys?\b(?!}})/i;

describe('one word for the API secret', () => {
  it('pt-BR says "token", never "chave"', () => {
    expect(PT.filter((text) => /\bchaves?\b/i.test(text))).toEqual([]);
  });

  it('en says "token", never "key"', () => {
    expect(EN.filter((text) => ENGLISH_KEY.test(text))).toEqual([]);
  });

  it('site descriptions say "token" too', () => {
    const descriptions = texts(SITE_META);
    expect(descriptions.filter((text) => /\bchaves?\b/i.test(text) || ENGLISH_KEY.test(text))).toEqual([]);
  });

  it('code samples show one placeholder per language', () => {
    const placeholders = (all: string[]) =>
      [...new Set(all.flatMap((text) => text.match(/\b[A-Z]+_(?:TOKEN|KEY|CHAVE|API_KEY)\b/g) ?? []))].sort();
    expect(placeholders(PT)).toEqual(['SEU_TOKEN']);
    expect(placeholders(EN)).toEqual(['YOUR_TOKEN']);
  });
});
