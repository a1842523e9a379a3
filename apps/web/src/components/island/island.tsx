import { type ComponentProps, type ComponentType, createContext, useContext, useId } from 'react';

/**
 * The islands a prerendered page may hold, by name: filled in by `app/islands/island-registry.ts` (which
 * loads each one in the browser), so that an island's name and its component cannot disagree.
 */
// biome-ignore lint/suspicious/noEmptyInterface: augmented by the registry (declaration merging)
export interface IslandRegistry {}

export type IslandName = keyof IslandRegistry & string;

/** An island met while prerendering a page: rendered afterwards as a root of its own, then put in its place. */
export type CollectedIsland = { name: IslandName; component: ComponentType<object>; props: object };

/**
 * Given by the prerender only (decision 039): the page's islands, by the id their placeholder carries. Where
 * it is absent (the SPA, or inside an island) an island is just its component.
 */
export const IslandCollectorContext = createContext<Map<string, CollectedIsland> | null>(null);

/** True inside an island's own root, in the browser and in the prerender alike. */
export const InIslandContext = createContext(false);

/**
 * Inside an island of a prerendered page: code that can wait for a person's first move (a menu's) waits
 * for it, instead of loading as soon as the page is idle, so the page's script stays the islands' alone.
 */
export function useIsInIsland(): boolean {
  return useContext(InIslandContext);
}

/** True while the prerender renders a page (not its islands): what only a browser does is left out. */
export function useIsPrerendering(): boolean {
  return useContext(IslandCollectorContext) !== null;
}

type IslandProps<N extends IslandName> = {
  name: N;
  component: IslandRegistry[N];
  /** Written into the page as JSON for the browser's hydration: plain data only. */
  props?: IslandRegistry[N] extends ComponentType<infer P> ? P : never;
};

/**
 * A part of a public page with behaviour (decision 039). In the SPA it is its component; in a prerendered
 * page it is a `display: contents` box holding the component's own HTML, which the islands' script hydrates
 * as a root of its own, while the rest of the page stays HTML that no script renders again.
 */
export function Island<N extends IslandName>({ name, component, props }: IslandProps<N>) {
  const collector = useContext(IslandCollectorContext);
  // Stable across the renders a suspended page goes through, and unique in it.
  const id = useId();
  const Component = component as ComponentType<object>;
  const given = (props ?? {}) as ComponentProps<typeof Component>;
  if (!collector) return <Component {...given} />;
  collector.set(id, { name, component: Component, props: given });
  return (
    <div
      data-island={name}
      data-island-id={id}
      data-island-props={props ? JSON.stringify(props) : undefined}
      style={{ display: 'contents' }}
    />
  );
}
