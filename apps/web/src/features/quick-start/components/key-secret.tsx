import { Alert, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSecretOfKey, maskSecret } from '../lib/secret-display.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';

type KeySecretProps = { chosenKey: ChosenKey; onSecretPasted: (keyId: string, secret: string) => void };

/** The server keeps only a hash: a secret this tab has not seen is pasted by the customer, once. */
function PasteSecret({ chosenKey, onSecretPasted }: KeySecretProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prefix = chosenKey.chosen?.prefix ?? '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const secret = value.trim();
    if (!chosenKey.chosen) return;
    if (!isSecretOfKey(secret, prefix)) {
      setError(t('quickStart.key.mismatch', { prefix }));
      return;
    }
    setError(null);
    setValue('');
    onSecretPasted(chosenKey.chosen.id, secret);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('quickStart.key.onceNote')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PasswordInput
            label={t('quickStart.key.pasteLabel')}
            placeholder={maskSecret(prefix)}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            autoComplete="off"
            spellCheck={false}
            visibilityToggleButtonProps={{ 'aria-label': t('quickStart.key.toggleVisibility') }}
            miw={0}
            style={{ flex: '1 1 260px', maxWidth: 480 }}
          />
          <Button type="submit" variant="light">
            {t('quickStart.key.use')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A secret this tab knows: masked until the customer reveals it. */
function KnownSecret({ chosenKey }: { chosenKey: ChosenKey }) {
  const { t } = useTranslation();
  const { secret, isRevealed, chosen } = chosenKey;
  const shown = isRevealed && secret ? secret : maskSecret(chosen?.prefix ?? '');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="quick-start-secret-label">
        {t('quickStart.key.secretLabel')}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        <Code
          aria-labelledby="quick-start-secret-label"
          data-testid="quick-start-secret"
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {shown}
        </Code>
        <Button size="compact-sm" variant="light" onClick={chosenKey.toggleRevealed}>
          {t(isRevealed ? 'quickStart.key.hide' : 'quickStart.key.reveal')}
        </Button>
      </Group>
    </Stack>
  );
}

export function KeySecret({ chosenKey, onSecretPasted }: KeySecretProps) {
  const { t } = useTranslation();
  const key = chosenKey.chosen;
  return (
    <Stack gap="sm">
      {chosenKey.secret ? (
        <KnownSecret chosenKey={chosenKey} />
      ) : (
        <PasteSecret key={key?.id} chosenKey={chosenKey} onSecretPasted={onSecretPasted} />
      )}
      {key && !key.enabled && (
        <Alert color="yellow" variant="light">
          {t('quickStart.key.disabledNote')}
        </Alert>
      )}
      {key?.kind === 'private' && (
        <Text size="sm" c="dimmed">
          {t('quickStart.key.privateNote')}
        </Text>
      )}
    </Stack>
  );
}
