import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form/failure-alert.tsx';
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
    <Modal
      opened={apiKey !== null}
      onClose={onDone}
      title={t('keys.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <FailureAlert error={mutation.error} title={failureTitle} />
        <Text size="sm">
          {t('keys.deleteText', { description: apiKey?.description, prefix: apiKey?.prefix })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onDelete} loading={mutation.isPending}>
            {t('keys.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
