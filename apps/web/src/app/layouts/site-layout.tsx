import { Box } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
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
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <StatusBannerSlot />
      <SiteFooter />
    </div>
  );
}
