/** The three documented APIs, in the order the docs index shows them. */
export const API_IDS = ['quotes', 'cep', 'portal'] as const;
export type ApiId = (typeof API_IDS)[number];

export const isApiId = (value: string | undefined): value is ApiId =>
  (API_IDS as readonly string[]).includes(value ?? '');
