import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';

type NewSecretProps = {
  secret: string;
  note?: string;
  /** After the secret, before the buttons: the new key's first call (creation). */
  children?: ReactNode;
  onDone: () => void;
};

/** The only time a secret is shown (creation, rotation): the server keeps just its hash. */
export function NewSecret({ secret, note, children, onDone }: NewSecretProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        {t('keys.secretOnce')}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="new-secret-label">
          {t('keys.secretLabel')}
        </Text>
        <Code
          block
          aria-labelledby="new-secret-label"
          data-testid="new-secret"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {secret}
        </Code>
      </Stack>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      {children}
      <Group justify="flex-end">
        <CopyTextButton value={secret} />
        <Button onClick={onDone}>{t('actions.done')}</Button>
      </Group>
    </Stack>
  );
}
