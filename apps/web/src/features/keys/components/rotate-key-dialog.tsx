import type { ApiKey, KeyWithSecret } from '@cotacep/shared/key-schemas';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { useRotateKey } from '../api/rotate-key.ts';
import { formatDateTime } from '../lib/format-time.ts';
import { rememberSecret } from '../lib/known-secrets.ts';
import { NewSecret } from './new-secret.tsx';

/** How long the old secret keeps working: none, an hour, a day, the server's maximum of a week. */
const GRACE_SECONDS = ['0', '3600', '86400', '604800'] as const;

type RotateKeyDialogProps = { apiKey: ApiKey | null; onClose: () => void };

export function RotateKeyDialog({ apiKey, onClose }: RotateKeyDialogProps) {
  const { t, i18n } = useTranslation();
  const mutation = useRotateKey();
  const [grace, setGrace] = useState<string>('3600');
  const [rotated, setRotated] = useState<KeyWithSecret | null>(null);
  const onDone = () => {
    setRotated(null);
    setGrace('3600');
    mutation.reset();
    onClose();
  };
  const onRotate = () => {
    if (!apiKey) return;
    mutation.mutate(
      { id: apiKey.id, graceSeconds: Number(grace) },
      {
        onSuccess: (result) => {
          rememberSecret(result.key.id, result.secret);
          setRotated(result);
        },
      },
    );
  };
  const graceEndsAt = rotated?.key.graceEndsAt;
  const note = graceEndsAt
    ? t('keys.graceUntil', {
        prefix: rotated.key.previousPrefix,
        time: formatDateTime(graceEndsAt, i18n.language),
      })
    : t('keys.graceNone');

  return (
    <AppDialog opened={apiKey !== null} onClose={onDone} title={t('keys.rotateTitle')}>
      {rotated ? (
        <NewSecret secret={rotated.secret} note={note} onDone={onDone} />
      ) : (
        <Stack>
          <FailureAlert error={mutation.error} title={t('failures.saveChanges')} />
          <Text size="sm">{t('keys.rotateText', { description: apiKey?.description })}</Text>
          <Radio.Group label={t('keys.grace')} value={grace} onChange={setGrace}>
            <Stack gap="xs" mt="xs">
              {GRACE_SECONDS.map((seconds) => (
                <Radio key={seconds} value={seconds} label={t(`keys.grace${seconds}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={onRotate} loading={mutation.isPending}>
              {t('keys.rotate')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppDialog>
  );
}
