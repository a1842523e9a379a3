import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateKeyForm } from './create-key-form.tsx';
import { NewSecret } from './new-secret.tsx';

type CreateKeyModalProps = { opened: boolean; onClose: () => void };

export function CreateKeyModal({ opened, onClose }: CreateKeyModalProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<KeyWithSecret | null>(null);
  const onDone = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onDone} title={t('account.tokens.create')} centered>
      {created ? (
        <NewSecret secret={created.secret} onDone={onDone} />
      ) : (
        <CreateKeyForm onCreated={setCreated} onCancel={onDone} />
      )}
    </Modal>
  );
}
