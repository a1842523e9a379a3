import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '#web/components/dialog/confirm-delete-dialog.tsx';
import { useDeleteKey } from '../api/delete-key.ts';

type DeleteKeyDialogProps = {
  apiKey: ApiKey | null;
  /** The spec's wording for where the key is deleted from: "token" (Tokens tab) or "api key" (Projects). */
  failureTitle: string;
  onClose: () => void;
  onDeleted?: () => void;
};

export function DeleteKeyDialog({ apiKey, failureTitle, onClose, onDeleted }: DeleteKeyDialogProps) {
  const { t } = useTranslation();
  const mutation = useDeleteKey();
  const onDone = () => {
    mutation.reset();
    onClose();
  };
  const onDelete = () => {
    if (!apiKey) return;
    mutation.mutate(apiKey.id, {
      onSuccess: () => {
        onDeleted?.();
        onDone();
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      opened={apiKey !== null}
      title={t('keys.deleteTitle')}
      failureTitle={failureTitle}
      error={mutation.error}
      isPending={mutation.isPending}
      deleteLabel={t('keys.delete')}
      onClose={onDone}
      onDelete={onDelete}
    >
      <Text size="sm">
        {t('keys.deleteText', { description: apiKey?.description, prefix: apiKey?.prefix })}
      </Text>
    </ConfirmDeleteDialog>
  );
}
