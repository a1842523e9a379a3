import { Box } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Island } from '../../components/island/island.tsx';
import { ViewAsBannerSlot } from '../../features/admin/components/view-as-banner-slot.tsx';
import { ClosureCancelledSlot } from '../../features/privacy/components/closure-cancelled-slot.tsx';
import { StatusBannerSlot } from '../../features/status/components/status-banner-slot.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './site-layout.module.css';

const MAIN_ID = 'main';

/** Moves focus into the page itself (the hash alone would only scroll, and the router would keep it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * The frame of every screen: a skip link (visible on focus), header, the page, the status banner (only while
 * an API is down: a strip after the page's content, so it covers nothing and never leads the tab order), footer.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const isStatusPage = useLocation().pathname.replace(/\/+$/, '') === '/status';
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
        {t('a11y.skipToContent')}
      </a>
      {/* A staff member viewing a customer (issue 26): the banner stays above the header the whole time. */}
      <ViewAsBannerSlot />
      <SiteHeader />
      <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {/* After a sign-in that cancelled the account's closure (issue 26), until it is closed. */}
        <ClosureCancelledSlot />
        <Outlet />
      </Box>
      <Island name="status-banner" component={StatusBannerSlot} props={{ isStatusPage }} />
      <SiteFooter />
    </div>
  );
}
