import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type NewSecretProps = { secret: string; onDone: () => void };

/** The only time the secret is shown: the server keeps just its hash. */
export function NewSecret({ secret, onDone }: NewSecretProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        {t('account.tokens.secretOnce')}
      </Alert>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('actions.copied') : t('actions.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('actions.done')}</Button>
      </Group>
    </Stack>
  );
}
