import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CopyCurlButton({ command }: { command: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={command}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant={copied ? 'light' : 'default'} onClick={copy}>
          {copied ? t('apiReference.curlCopied') : t('apiReference.copyCurl')}
        </Button>
      )}
    </CopyButton>
  );
}
