import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Alert, Anchor, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { KeyIcon } from '#web/components/icons.tsx';
import { DeniedReason } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useKeys } from '../api/get-keys.ts';
import type { KeyUsage } from '../lib/key-usage.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { DeleteKeyDialog } from './delete-key-dialog.tsx';
import { EditKeyDialog } from './edit-key-dialog.tsx';
import { type KeyAction, KeysTable } from './keys-table.tsx';
import { RotateKeyDialog } from './rotate-key-dialog.tsx';

type KeysPanelProps = {
  /** The projects a key may go into, for the create and edit dialogs. */
  projects: ProjectOption[];
  /** One project's keys (Projects screen); without it, every key of the account (Tokens tab). */
  projectId?: string;
  /** Keys were added, moved or removed: what counts them elsewhere (projects) is stale. */
  onChanged?: () => void;
  /** Each key's figures this period, from the usage API (read by the app); the columns wait for them. */
  usage?: KeyUsage[];
  /** False where the page tells the plan's limits in one notice of its own (Projects). */
  showsLimitNotice?: boolean;
};

type Open = { action: KeyAction; apiKey: ApiKey } | null;

/** The list of API keys with its create, edit, rotate and delete dialogs and the plan's key limit. */
export function KeysPanel({
  projects,
  projectId,
  onChanged,
  usage,
  showsLimitNotice = true,
}: KeysPanelProps) {
  const { t } = useTranslation();
  const keys = useKeys({ projectId });
  // The limit is the account's, so inside a project it counts every key (the same query as the Tokens tab's).
  const allKeys = useKeys();
  const [isCreating, creating] = useDisclosure(false);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const openKey = (action: KeyAction) => (open?.action === action ? open.apiKey : null);
  const items = keys.data?.items ?? [];
  const total = allKeys.data?.items.length;
  const maxKeys = allKeys.data?.maxKeys;
  const isAtLimit = total !== undefined && maxKeys !== undefined && total >= maxKeys;
  const usageByKey = usage && new Map(usage.map((item) => [item.keyId, item]));
  const limitReasonId = useId();
  // Issue 24: a role without `keys.write` sees the tokens (never a secret) with every change disabled.
  const write = usePermission('keys.write');
  const createReasonId = write.reason ? write.reasonId : isAtLimit ? limitReasonId : undefined;

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" id={showsLimitNotice ? undefined : limitReasonId}>
          {total !== undefined && maxKeys !== undefined && t('keys.limit', { used: total, count: maxKeys })}
        </Text>
        <Button
          onClick={creating.open}
          disabled={isAtLimit || !write.isAllowed}
          aria-describedby={createReasonId}
        >
          {t('keys.create')}
        </Button>
      </Group>
      <DeniedReason permission={write} />
      {isAtLimit && showsLimitNotice && (
        <Alert id={limitReasonId} color="yellow" variant="light">
          {t('keys.limitReached')}{' '}
          <Anchor component={Link} to="/pricing" inherit fw={500}>
            {t('keys.seePlans')}
          </Anchor>
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
          usage={usageByKey}
          write={write}
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
