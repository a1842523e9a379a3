import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../components/cookie-banner/cookie-banner.tsx';
import { SessionEndedRedirect } from '../session-ended-redirect.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionCheckOnLoad } from '../use-session-check-on-load.ts';

/** Wraps every route: the page title, scroll restoration, the cookie banner, the login after a session ended. */
export function RootLayout() {
  useDocumentTitle();
  useSessionCheckOnLoad();
  return (
    <>
      <Outlet />
      <SessionEndedRedirect />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
