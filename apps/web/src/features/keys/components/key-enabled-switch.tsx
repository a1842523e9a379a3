import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '#web/components/notify.ts';
import { reasonProps } from '#web/components/permission/denied-reason.tsx';
import type { PermissionState } from '#web/lib/organization/use-permission.ts';
import { useUpdateKey } from '../api/update-key.ts';

type KeyEnabledSwitchProps = { apiKey: ApiKey; write: PermissionState };

/** Enabled ⇄ Disabled in one click (spec §4); a refused change puts the switch back and says so. */
export function KeyEnabledSwitch({ apiKey, write }: KeyEnabledSwitchProps) {
  const { t } = useTranslation();
  const mutation = useUpdateKey();
  const checked = mutation.isPending ? Boolean(mutation.variables.changes.enabled) : apiKey.enabled;
  const onChange = (enabled: boolean) =>
    mutation.mutate(
      { id: apiKey.id, changes: { enabled } },
      { onError: () => notifyFailure(t('failures.saveChanges'), t('failures.tryAgain')) },
    );

  return (
    <Switch
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={mutation.isPending || !write.isAllowed}
      {...reasonProps(write)}
      aria-label={t('keys.enabledFor', { description: apiKey.description })}
      label={t(checked ? 'keys.enabled' : 'keys.disabled')}
    />
  );
}
