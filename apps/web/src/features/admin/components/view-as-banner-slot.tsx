import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadScreenTexts } from '#web/i18n/i18n.ts';
import { getLastViewAsEnd, getViewAs, subscribeViewAs, useViewAs } from '#web/lib/view-as/view-as-store.ts';

// Its own chunk, with the screens' texts (a reload may land on the landing): only a staff member viewing a
// customer ever loads it.
const ViewAsBanner = lazy(async () => {
  const [banner] = await Promise.all([import('./view-as-banner.tsx'), loadScreenTexts()]);
  return { default: banner.ViewAsBanner };
});

/**
 * Where the "view as customer" banner goes (issue 26), above the header on every screen while the view
 * lasts. When it ends (the staff member ended it, or its time ran out) the tab goes back to the console
 * page it started from, and says so; a sign-out goes where the sign-out goes.
 */
export function ViewAsBannerSlot() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = useViewAs();

  useEffect(
    () =>
      subscribeViewAs(() => {
        const end = getLastViewAsEnd();
        if (getViewAs() || !end || end.reason === 'signedOut') return;
        void navigate(end.view.returnTo);
        const message = t(end.reason === 'expired' ? 'admin.viewAs.expired' : 'admin.viewAs.ended', {
          name: end.view.user.name,
        });
        void import('#web/components/notify.ts').then(({ notifySuccess }) => notifySuccess(message));
      }),
    [navigate, t],
  );

  if (!view) return null;
  return (
    <Suspense fallback={null}>
      <ViewAsBanner view={view} />
    </Suspense>
  );
}
