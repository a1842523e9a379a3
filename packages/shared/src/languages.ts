/** The interface languages of spec §3. pt-BR is the default and the fallback (spec §9). */
export type LanguageEntry = {
  code: string;
  name: string;
  country_code: string;
  currency_code: string;
  enable: boolean;
};

export const LANGUAGES = [
  { code: 'pt-BR', name: 'Português', country_code: 'br', currency_code: 'BRL', enable: true },
  { code: 'en', name: 'English', country_code: 'us', currency_code: 'USD', enable: true },
] as const satisfies readonly LanguageEntry[];

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'pt-BR';

export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => l.enable).map((l) => l.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a language tag to the supported language it is a variant of: any Portuguese tag ("pt", "pt-PT")
 * to pt-BR, any English tag ("en-US", "en_GB") to en; anything else to undefined.
 */
export function toSupportedLanguage(tag: string | undefined | null): Language | undefined {
  const language = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'pt') return 'pt-BR';
  if (language === 'en') return 'en';
  return undefined;
}

/**
 * Picks the best supported language from an Accept-Language header ("en-US,en;q=0.9,pt;q=0.8").
 * Any Portuguese variant maps to pt-BR and any English variant to en; nothing usable gives the default.
 */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
