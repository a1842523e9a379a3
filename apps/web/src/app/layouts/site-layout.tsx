import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './site-layout.module.css';

/** The frame of every screen: header, the page, footer. */
export function SiteLayout() {
  return (
    <div className={classes.shell}>
      <SiteHeader />
      <Box component="main" id="main" className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
    </div>
  );
}
