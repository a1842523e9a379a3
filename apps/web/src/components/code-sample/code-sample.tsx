import { Group, Paper, Text } from '@mantine/core';
import { Island } from '../island/island.tsx';
import classes from './code-sample.module.css';
import { CopyCodeButton } from './copy-code-button.tsx';

type CodeSampleProps = {
  label: string;
  code: string;
  /** What Copy puts on the clipboard when it differs from what is shown. */
  copyValue?: string;
  /** Wrap long lines rather than scroll them. */
  isWrapped?: boolean;
};

// An origin (`https://api.example.com`) and each run of letters, digits and underscores.
const TOKEN = /(https?:\/\/[^\s/?#"']+|\w+)/;
const IS_TOKEN = new RegExp(`^${TOKEN.source}$`);

/**
 * A wrapped block breaks lines only between tokens, never inside one (a CEP, a placeholder, a host name):
 * each origin and each run of letters, digits and underscores is kept whole, and a line may break after
 * the punctuation between them (`/`, `?`, `=`, `&`, `.`, `-`, `:`). An origin whole is also what a page
 * prerendered at build time holds for the server to write the deployment's own in (decision 039).
 */
function WrappedCode({ code }: { code: string }) {
  const parts = code.split(TOKEN);
  return parts.map((part, index) => {
    const key = `${index}-${part}`;
    if (IS_TOKEN.test(part)) {
      return (
        <span key={key} className={classes.token}>
          {part}
        </span>
      );
    }
    // After punctuation a line may break; spaces and line ends break as they are (pre-wrap).
    return /[/?=&.:-]$/.test(part) ? [part, <wbr key={`${key}-wbr`} />] : part;
  });
}

/** A block of code with its label and a Copy button; a scrolling block can be scrolled by keyboard. */
export function CodeSample({ label, code, copyValue = code, isWrapped = false }: CodeSampleProps) {
  return (
    <Paper withBorder radius="md" p="xs" shadow="sm" miw={0}>
      <Group justify="space-between" px={6} pb={6} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" truncate>
          {label}
        </Text>
        {/* The block itself is text: only its button has behaviour (an island of a prerendered page). */}
        <Island name="copy-button" component={CopyCodeButton} props={{ value: copyValue, label }} />
      </Group>
      {isWrapped ? (
        <pre className={`${classes.code} ${classes.wrapped}`}>
          <code>
            <WrappedCode code={code} />
          </code>
        </pre>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
        <section className={classes.scroller} aria-label={label} tabIndex={0}>
          <pre className={classes.code}>
            <code>{code}</code>
          </pre>
        </section>
      )}
    </Paper>
  );
}
