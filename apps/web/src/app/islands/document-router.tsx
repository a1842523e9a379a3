import type { ReactNode } from 'react';
import { createPath, type Navigator, type Path, Router, type To } from 'react-router';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Every page is a document of its own on a prerendered page: a link or `navigate()` inside an island loads
 * the next page from the server (prerendered too, or the SPA for signing in), never renders it here.
 */
const DOCUMENT_NAVIGATOR: Navigator = {
  createHref: hrefOf,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
};

/** The router of an island that uses one (a screen's): the page's address, navigation by document. */
export function DocumentRouter({ children, location }: { children: ReactNode; location: Partial<Path> }) {
  return (
    <Router location={location} navigator={DOCUMENT_NAVIGATOR}>
      {children}
    </Router>
  );
}
