/** A section of a long page; `[text](/path)` in a paragraph or item becomes a link inside the site. */
export type DocumentSection = { id: string; heading: string; paragraphs?: string[]; items?: string[] };

/** An informational page (About, terms, privacy) in one language. */
export type InfoDocument = {
  title: string;
  /** "Last updated" line; About has none. */
  updated?: string;
  intro: string[];
  sections: DocumentSection[];
};

export type FaqGroup = { id: string; heading: string; questions: { question: string; answer: string[] }[] };

export type FaqDocument = { title: string; intro: string; groups: FaqGroup[] };

export type ContentLanguage = 'pt-BR' | 'en';

/** One loader per language, so each page's text is a chunk of its own, fetched only when shown. */
export type ContentLoaders<T> = Record<ContentLanguage, () => Promise<{ content: T }>>;
