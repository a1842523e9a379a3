import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, toSupportedLanguage } from './languages.ts';

describe('languages', () => {
  it('has the two entries of the spec, pt-BR first and default', () => {
    expect(LANGUAGES).toEqual([
      { code: 'pt-BR', name: 'Português', country_code: 'br', currency_code: 'BRL', enable: true },
      { code: 'en', name: 'English', country_code: 'us', currency_code: 'USD', enable: true },
    ]);
    expect(DEFAULT_LANGUAGE).toBe('pt-BR');
  });

  it.each([
    [undefined, 'pt-BR'],
    ['', 'pt-BR'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-PT', 'pt-BR'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'en'],
    ['fr-FR', 'pt-BR'],
    ['en;q=0.2,pt-BR;q=0.8', 'pt-BR'],
    ['en;q=0', 'pt-BR'],
    ['*', 'pt-BR'],
  ])('picks a language from Accept-Language %j', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['en_AU', 'en'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['fr-FR', undefined],
    ['ptx', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('maps the tag %j to a supported language', (tag, expected) => {
    expect(toSupportedLanguage(tag)).toBe(expected);
  });
});
