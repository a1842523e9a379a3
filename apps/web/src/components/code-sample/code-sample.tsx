import { Button, CopyButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './code-sample.module.css';

type CodeSampleProps = {
  label: string;
  code: string;
  /** What Copy puts on the clipboard when it differs from what is shown. */
  copyValue?: string;
  /** Wrap long lines rather than scroll them. */
  isWrapped?: boolean;
};

/**
 * A wrapped block breaks lines only between tokens, never inside one (a CEP, a placeholder, a host name):
 * each run of letters, digits and underscores is kept whole, and a line may break after the punctuation
 * between them (`/`, `?`, `=`, `&`, `.`, `-`, `:`).
 */
function WrappedCode({ code }: { code: string }) {
  const parts = code.split(/(\w+)/);
  return parts.map((part, index) => {
    const key = `${index}-${part}`;
    if (/^\w+$/.test(part)) {
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
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" shadow="sm" miw={0}>
      <Group justify="space-between" px={6} pb={6} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" truncate>
          {label}
        </Text>
        <CopyButton value={copyValue}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'light' : 'subtle'}
              onClick={copy}
              aria-label={`${copied ? t('actions.copied') : t('actions.copy')}: ${label}`}
            >
              {copied ? t('actions.copied') : t('actions.copy')}
            </Button>
          )}
        </CopyButton>
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
