import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../components/cookie-banner/cookie-banner.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Wraps every route: the page title, scroll restoration and the cookie banner. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
