import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.ts';
import { getHeadTags, localizedPageUrl, SITE_META } from './site-meta.ts';
import { PUBLIC_PAGES } from './site-pages.ts';

describe('the head of every public page', () => {
  it.each(PUBLIC_PAGES)('%s has a title and a description in every language', (page) => {
    for (const language of SUPPORTED_LANGUAGES) {
      const meta = SITE_META[page]?.[language];
      expect(meta?.title.trim(), `${page} ${language}`).toBeTruthy();
      expect(meta?.description.length, `${page} ${language}`).toBeGreaterThanOrEqual(40);
      expect(meta?.description.length, `${page} ${language}`).toBeLessThanOrEqual(170);
    }
    const [portuguese, english] = SUPPORTED_LANGUAGES.map((language) => SITE_META[page][language]);
    expect(portuguese?.description).not.toBe(english?.description);
  });

  it('describes only the public pages', () => {
    expect(Object.keys(SITE_META).sort()).toEqual([...PUBLIC_PAGES].sort());
  });

  it('addresses pt-BR by the bare path and English with ?lng=en', () => {
    expect(localizedPageUrl('https://x.test/', '/docs/cep', 'pt-BR')).toBe('https://x.test/docs/cep');
    expect(localizedPageUrl('https://x.test', '/docs/cep', 'en')).toBe('https://x.test/docs/cep?lng=en');
  });

  it('marks every other page noindex and nothing more', () => {
    const tags = getHeadTags({
      pathname: '/dashboard',
      language: 'en',
      publicUrl: 'https://x.test',
      appName: 'X',
    });
    expect(tags).toEqual([{ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } }]);
  });
});
