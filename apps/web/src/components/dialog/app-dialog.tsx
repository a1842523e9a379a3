import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AppDialogProps = { opened: boolean; title: string; onClose: () => void; children: ReactNode };

/** The app's modal dialog: centred, with a close button named in the page's language. */
export function AppDialog({ opened, title, onClose, children }: AppDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
    </Modal>
  );
}
