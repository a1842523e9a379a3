import type { ReactNode } from 'react';
import classes from './api-reference.module.css';

/** A table wider than a phone scrolls sideways inside this region, which takes focus to be scrolled by keyboard. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
    <section className={classes.scrollRegion} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
