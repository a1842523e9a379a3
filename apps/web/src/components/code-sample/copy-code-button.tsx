import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copy for a block of code, named after the block's label; says Copied for a moment after. */
export function CopyCodeButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
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
  );
}
