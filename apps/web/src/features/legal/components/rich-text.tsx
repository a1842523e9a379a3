import { Anchor, Code } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// `[label](/path)` is a link inside the site; `name` is code (a header, a parameter, an endpoint).
const MARKUP = /\[([^\]]+)\]\((\/[^)]*)\)|`([^`]+)`/g;

/** Plain text with the two bits of markup above turned into elements. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    parts.push(text.slice(last, match.index));
    const [whole, label, to, code] = match;
    parts.push(
      code === undefined ? (
        // Underlined: inside a sentence, colour alone would not tell the link apart (WCAG 1.4.1).
        <Anchor key={match.index} component={Link} to={to ?? '/'} underline="always">
          {label}
        </Anchor>
      ) : (
        <Code key={match.index}>{code}</Code>
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}
