import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { KeyIcon } from '../../../components/icons.tsx';
import { useKeys } from '../api/get-keys.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { DeleteKeyDialog } from './delete-key-dialog.tsx';
import { EditKeyDialog } from './edit-key-dialog.tsx';
import type { KeyAction } from './key-actions-menu.tsx';
import { KeysTable } from './keys-table.tsx';
import { RotateKeyDialog } from './rotate-key-dialog.tsx';

type KeysPanelProps = {
  /** The projects a key may go into, for the create and edit dialogs. */
  projects: ProjectOption[];
  /** One project's keys (Projects screen); without it, every key of the account (Tokens tab). */
  projectId?: string;
  /** Keys were added, moved or removed: what counts them elsewhere (projects) is stale. */
  onChanged?: () => void;
};

type Open = { action: KeyAction; apiKey: ApiKey } | null;

/** The list of API keys with its create, edit, rotate and delete dialogs and the plan's key limit. */
export function KeysPanel({ projects, projectId, onChanged }: KeysPanelProps) {
  const { t } = useTranslation();
  const keys = useKeys({ projectId });
  const [isCreating, creating] = useDisclosure(false);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const openKey = (action: KeyAction) => (open?.action === action ? open.apiKey : null);
  const items = keys.data?.items ?? [];
  // The limit is the account's, so inside a project it counts every key, which only the plan knows.
  const total = projectId ? null : items.length;
  const isAtLimit = total !== null && keys.data ? total >= keys.data.maxKeys : false;

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {keys.data && total !== null && t('keys.limit', { count: total, max: keys.data.maxKeys })}
        </Text>
        <Button onClick={creating.open} disabled={isAtLimit}>
          {t('keys.create')}
        </Button>
      </Group>
      {isAtLimit && (
        <Alert color="yellow" variant="light">
          {t('keys.limitReached')}
        </Alert>
      )}
      <FormErrorAlert error={keys.error} />
      {keys.isPending && <Skeleton h={80} />}
      {keys.isSuccess && items.length === 0 && (
        <EmptyState
          icon={<KeyIcon size={28} />}
          variant="light"
          title={t('keys.emptyTitle')}
          description={t(projectId ? 'keys.emptyProjectText' : 'keys.emptyText')}
        />
      )}
      {items.length > 0 && (
        <KeysTable
          items={items}
          showProject={!projectId}
          onAction={(action, apiKey) => setOpen({ action, apiKey })}
        />
      )}
      <CreateKeyDialog
        opened={isCreating}
        projects={projects}
        projectId={projectId}
        onClose={creating.close}
        onCreated={onChanged}
      />
      <EditKeyDialog apiKey={openKey('edit')} projects={projects} onClose={close} onSaved={onChanged} />
      <RotateKeyDialog apiKey={openKey('rotate')} onClose={close} />
      <DeleteKeyDialog
        apiKey={openKey('delete')}
        failureTitle={t(projectId ? 'failures.deleteApiKey' : 'failures.deleteToken')}
        onClose={close}
        onDeleted={onChanged}
      />
    </Stack>
  );
}
