import type { StaffActionRequest } from '@cotacep/shared/admin-schemas';
import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { useRetryNfse } from '../api/retry-nfse.ts';
import { ReasonOnlyForm } from './reason-only-form.tsx';

/** A nota staff chose to retry, and its customer. */
export type NfseRetryTarget = { organizationId: string; nota: StaffNfse };

type NfseRetryDialogProps = { target: NfseRetryTarget | null; onClose: () => void };

/** "Retry the NFS-e of invoice X?": what happens, the reason asked for, the server's answer. */
export function NfseRetryDialog({ target, onClose }: NfseRetryDialogProps) {
  const { t } = useTranslation();
  const invoice = target?.nota.invoiceNumber ?? '';
  return (
    <AppDialog opened={target !== null} onClose={onClose} title={t('admin.nfse.retry.title', { invoice })}>
      {target && <RetryForm key={target.nota.invoiceId} target={target} onDone={onClose} />}
    </AppDialog>
  );
}

function RetryForm({ target, onDone }: { target: NfseRetryTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const retry = useRetryNfse();
  const onSubmit = ({ reason }: StaffActionRequest) =>
    retry.mutate(
      { organizationId: target.organizationId, invoiceId: target.nota.invoiceId, reason },
      {
        onSuccess: () => {
          notifySuccess(t('admin.nfse.retry.done', { invoice: target.nota.invoiceNumber }));
          onDone();
        },
      },
    );
  return (
    <ReasonOnlyForm
      text={t('admin.nfse.retry.text')}
      submitLabel={t('admin.nfse.retry.submit')}
      failureTitle={t('admin.nfse.retry.failed')}
      isPending={retry.isPending}
      error={retry.error}
      onSubmit={onSubmit}
      onCancel={onDone}
    />
  );
}
