import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../form/failure-alert.tsx';
import { AppDialog } from './app-dialog.tsx';

type ConfirmDeleteDialogProps = {
  opened: boolean;
  title: string;
  /** The failed delete's alert title (the spec names it per screen). */
  failureTitle: string;
  error: unknown;
  isPending: boolean;
  /** The delete button's label. */
  deleteLabel: string;
  /** Deleting is not possible now (the text says why). */
  isBlocked?: boolean;
  onClose: () => void;
  onDelete: () => void;
  /** What will be deleted, or why it cannot be. */
  children: ReactNode;
};

/** "Delete X?" with Cancel and a red Delete; a refused delete is shown above the text. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={props.opened} title={props.title} onClose={props.onClose}>
      <Stack>
        <FailureAlert error={props.error} title={props.failureTitle} />
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={props.onDelete} loading={props.isPending} disabled={props.isBlocked}>
            {props.deleteLabel}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
