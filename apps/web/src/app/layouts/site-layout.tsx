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
 * The frame of every screen: a skip link (visible on focus), header, the status banner (it floats at the
 * bottom of the window, but comes right after the header for the keyboard), the page, footer.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <>
      <div className={classes.shell}>
        <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
          {t('a11y.skipToContent')}
        </a>
        <SiteHeader />
        <StatusBannerSlot />
        <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Outlet />
        </Box>
        <SiteFooter />
      </div>
      {/* After the shell, so growing it never moves the footer of a short page. */}
      <div aria-hidden="true" className={classes.statusBannerRoom} />
    </>
  );
}
