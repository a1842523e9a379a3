import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type CopyTextButtonProps = {
  value: string;
  /** The button's text before copying; "Copy" by default. It reads "Copied" for a moment after. */
  label?: string;
};

/** Copies `value` to the clipboard: a light button that says so once done (secrets, codes, lines). */
export function CopyTextButton({ value, label }: CopyTextButtonProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="light" onClick={copy}>
          {copied ? t('actions.copied') : (label ?? t('actions.copy'))}
        </Button>
      )}
    </CopyButton>
  );
}
