import type { RouteObject } from 'react-router';
import { loadScreenTexts } from '../../i18n/i18n.ts';

const loadAllStyles = () => import('./all-styles.ts');

const alongWithAllStyles =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadAllStyles(), loadScreenTexts()]))[0];

/**
 * Every lazy route, at any depth (those added later too), loads Mantine's complete styles and the texts the
 * landing does not use along with its code, in parallel: the landing's first paint carries only the styles
 * and texts it shows (decision 016).
 */
export function withAllStyles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const styled = { ...route } as RouteObject & { lazy?: unknown };
    if (route.children) styled.children = withAllStyles(route.children);
    const { lazy } = route;
    if (typeof lazy === 'function') styled.lazy = alongWithAllStyles(lazy);
    else if (lazy?.Component) styled.lazy = { ...lazy, Component: alongWithAllStyles(lazy.Component) };
    return styled as RouteObject;
  });
}
