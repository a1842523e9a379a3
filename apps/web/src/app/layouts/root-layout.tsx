import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../components/cookie-banner/cookie-banner.tsx';
import { Island, useIsPrerendering } from '../../components/island/island.tsx';
import { SessionEndedRedirect } from '../session-ended-redirect.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionCheckOnLoad } from '../use-session-check-on-load.ts';

/** Wraps every route: the page title, scroll restoration, the cookie banner, the login after a session ended. */
export function RootLayout() {
  useDocumentTitle();
  useSessionCheckOnLoad();
  // A prerendered page is a document of its own: the browser restores its scroll (the router's would be an inline script).
  const isPrerendering = useIsPrerendering();
  return (
    <>
      <Outlet />
      <SessionEndedRedirect />
      <Island name="cookie-banner" component={CookieBanner} />
      {!isPrerendering && <ScrollRestoration />}
    </>
  );
}
