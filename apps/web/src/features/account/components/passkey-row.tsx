import type { Passkey } from '@cotacep/shared/passkey-schemas';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '#web/components/dialog/actions-menu.tsx';
import { FactorDates } from './factor-status.tsx';

type PasskeyRowProps = { passkey: Passkey; onRename: () => void; onRemove: () => void };

/** One passkey: its name, whether it is synced, when it was added and last used; rename or remove. */
export function PasskeyRow({ passkey, onRename, onRemove }: PasskeyRowProps) {
  const { t } = useTranslation();
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            {passkey.backedUp && (
              <Badge
                size="sm"
                variant="light"
                color="gray"
                tt="none"
                title={t('account.passkeys.syncedHint')}
              >
                {t('account.passkeys.synced')}
              </Badge>
            )}
          </Group>
          <FactorDates createdAt={passkey.createdAt} lastUsedAt={passkey.lastUsedAt} />
        </Stack>
        <ActionsMenu
          label={t('account.passkeys.actionsFor', { name: passkey.name })}
          actions={[
            { label: t('account.passkeys.rename'), onClick: onRename },
            { label: t('account.passkeys.remove'), onClick: onRemove, isDanger: true },
          ]}
        />
      </Group>
    </Box>
  );
}
