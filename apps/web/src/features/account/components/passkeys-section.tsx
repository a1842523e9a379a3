import { MAX_PASSKEYS_PER_USER } from '@cotacep/shared/passkey-limits';
import type { Passkey, RegisterPasskeyResponse } from '@cotacep/shared/passkey-schemas';
import type { SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { PasskeyRow } from './passkey-row.tsx';
import { RemovePasskeyDialog } from './remove-passkey-dialog.tsx';
import { RenamePasskeyDialog } from './rename-passkey-dialog.tsx';

type PasskeysSectionProps = {
  factors: SecondFactors;
  hasPassword: boolean;
  onRecoveryCodes: (codes: string[]) => void;
};

// Without WebAuthn (an old browser, some embedded ones) the browser cannot make one: said before trying.
const canCreatePasskeys = () => typeof window.PublicKeyCredential === 'function';

/** The account's passkeys, each named, with when it was added and last used; add, rename, remove. */
export function PasskeysSection({ factors, hasPassword, onRecoveryCodes }: PasskeysSectionProps) {
  const { t } = useTranslation();
  const [isAdding, adding] = useDisclosure(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const isSupported = canCreatePasskeys();
  const isFull = factors.passkeys.length >= MAX_PASSKEYS_PER_USER;
  // Why "Add" is off, when it is: the account holds the most it may (another browser would not help), or
  // this browser cannot make passkeys.
  const whyNot = isFull
    ? t('account.passkeys.limitReached', { count: MAX_PASSKEYS_PER_USER })
    : isSupported
      ? null
      : t('account.passkeys.unsupported');
  const isLastStrongFactor = !factors.totp.enabled && factors.passkeys.length === 1;
  const onAdded = ({ recoveryCodes }: RegisterPasskeyResponse) => {
    adding.close();
    notifySuccess(t('account.passkeys.added'));
    if (recoveryCodes) onRecoveryCodes(recoveryCodes);
  };

  return (
    <SettingsSection
      id="security-passkeys"
      title={t('account.passkeys.title')}
      description={t('account.passkeys.description')}
    >
      <Stack gap="sm">
        {factors.passkeys.length === 0 ? (
          <Text size="sm">{t('account.passkeys.none')}</Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {factors.passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setRenaming(passkey)}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            size="xs"
            onClick={adding.open}
            disabled={whyNot !== null}
            aria-describedby={whyNot === null ? undefined : 'passkeys-why-not'}
          >
            {t('account.passkeys.add')}
          </Button>
        </Group>
        {whyNot !== null && (
          <Text id="passkeys-why-not" size="xs" c="dimmed" ta="end">
            {whyNot}
          </Text>
        )}
      </Stack>
      <AddPasskeyDialog opened={isAdding} onClose={adding.close} onAdded={onAdded} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog
        passkey={removing}
        needsPassword={hasPassword && isLastStrongFactor}
        onClose={() => setRemoving(null)}
      />
    </SettingsSection>
  );
}
