import type { Account } from '@cotacep/shared/account-schemas';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactKind } from '../api/change-contact.ts';
import { useAuthMessage } from '../lib/use-auth-message.ts';
import { ContactChangeModal } from './contact-change-modal.tsx';

/** E-mail and phone: each changes through a code sent to the new value (spec §8 prompts while one waits). */
export function ContactFields({ account }: { account: Account }) {
  const { t } = useTranslation();
  const authMessage = useAuthMessage();
  const [open, setOpen] = useState<ContactKind | null>(null);
  const rows = [
    { kind: 'email', current: account.email, pending: account.pendingEmail, prompt: 'verifyEmail' },
    { kind: 'phone', current: account.phone, pending: account.pendingPhone, prompt: 'verifyPhone' },
  ] as const;

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {rows.map(({ kind, current }) => (
          <Group key={kind} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t(`fields.${kind}`)}
              value={current ?? ''}
              placeholder={kind === 'phone' ? t('fields.phoneEmpty') : undefined}
              variant="filled"
              readOnly
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant="default"
              onClick={() => setOpen(kind)}
              aria-label={t(`account.contact.${kind}.${current ? 'changeTitle' : 'addTitle'}`)}
            >
              {t(current ? 'account.contact.change' : 'account.contact.add')}
            </Button>
          </Group>
        ))}
      </SimpleGrid>
      {rows.map(
        ({ kind, pending, prompt }) =>
          pending && (
            <Alert key={kind} color="yellow" variant="light" title={authMessage(prompt)}>
              <Group justify="space-between" gap="xs">
                <span>{t(`account.contact.${kind}.pending`, { value: pending })}</span>
                <Button size="xs" variant="default" onClick={() => setOpen(kind)}>
                  {t('account.contact.enterCode')}
                </Button>
              </Group>
            </Alert>
          ),
      )}
      {rows.map(({ kind, current, pending }) => (
        <ContactChangeModal
          key={kind}
          kind={kind}
          opened={open === kind}
          onClose={() => setOpen(null)}
          pending={pending}
          hasCurrent={Boolean(current)}
        />
      ))}
    </Stack>
  );
}
