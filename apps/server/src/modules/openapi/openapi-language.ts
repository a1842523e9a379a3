import { type Language, toSupportedLanguage } from '@cotacep/shared/languages';
import type { FastifyRequest } from 'fastify';
import type { Document } from './openapi-documents.ts';
import { PT_BR_TEXTS } from './openapi-texts-pt-br.ts';

/**
 * The language of a document (decision 032): `?lng=pt-BR` or `?lng=en` (the site's reference page asks
 * for its own), else English, the route schemas' language, for tools and machines. Only the query picks
 * it, so a cache keys the two variants on the URL alone.
 */
export function documentLanguage(request: FastifyRequest): Language {
  const { lng } = (request.query ?? {}) as { lng?: unknown };
  return (typeof lng === 'string' && toSupportedLanguage(lng)) || 'en';
}

const TEXT_KEYS = new Set(['summary', 'description', 'title', 'x-displayName']);
// Examples are real bodies and stay as the APIs answer them.
const EXAMPLE_KEYS = new Set(['example', 'examples']);

function translateTexts(value: unknown, texts: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => translateTexts(item, texts));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (EXAMPLE_KEYS.has(key)) return [key, child];
      if (TEXT_KEYS.has(key) && typeof child === 'string') return [key, texts[child] ?? child];
      return [key, translateTexts(child, texts)];
    }),
  );
}

/**
 * The document with its English texts in `language`: every summary, description and title found in the
 * translation table (the info block is written per language where it is built).
 */
export function translateDocument(document: Document, language: Language): Document {
  if (language === 'en') return document;
  const { info, ...rest } = document;
  return { info, ...(translateTexts(rest, PT_BR_TEXTS) as Omit<Document, 'info'>) };
}
