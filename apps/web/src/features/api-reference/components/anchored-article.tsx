import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './api-reference.module.css';

/** A card the page links to by its anchor (an operation, a shared error), named by its `${anchor}-title`. */
export function AnchoredArticle({ anchor, children }: { anchor: string; children: ReactNode }) {
  return (
    <Paper
      component="article"
      id={anchor}
      className={classes.anchorTarget}
      withBorder
      radius="md"
      p="md"
      aria-labelledby={`${anchor}-title`}
    >
      {children}
    </Paper>
  );
}
