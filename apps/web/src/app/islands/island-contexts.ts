/** What an island's components expect around them beyond the theme, when they use it (decision 039). */
export type IslandNeeds = { usesQueries?: boolean; usesRouter?: boolean };

export type IslandContexts = {
  queries?: typeof import('./island-queries.tsx');
  router?: typeof import('./document-router.tsx');
};

/**
 * Loads the query client's and the router's code for an island that uses them: neither is in the islands'
 * script, so a page whose islands use neither (the landing) never loads them.
 */
export async function loadIslandContexts({ usesQueries, usesRouter }: IslandNeeds): Promise<IslandContexts> {
  const [queries, router] = await Promise.all([
    usesQueries ? import('./island-queries.tsx') : undefined,
    usesRouter ? import('./document-router.tsx') : undefined,
  ]);
  return { queries, router };
}
