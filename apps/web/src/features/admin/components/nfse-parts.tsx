import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './action-button.tsx';

/** What the issue/retry cells of a nota need: the nota, and what to do when staff ask to retry it. */
export type NfseRowProps = { nota: StaffNfse; onRetry: (nota: StaffNfse) => void };

/** A nota someone can move: rejected, or still waiting for the issuer (to issue or to cancel). */
export const isNfseRetryable = (nota: StaffNfse) =>
  nota.status === 'rejected' || nota.status === 'pending' || nota.status === 'cancelling';

/** The issuer refused it, or the last try failed: there is something to read. */
export const hasNfseProblem = (nota: StaffNfse) => Boolean(nota.rejectionReason || nota.lastError);

/** The issuer by name: the embedded test one, Focus NFe, or as the server named it. */
export function NfseIssuer({ issuer }: { issuer: string }) {
  const { t } = useTranslation();
  if (issuer === 'test' || issuer === 'focus') return <>{t(`admin.nfse.issuers.${issuer}`)}</>;
  return <>{issuer}</>;
}

/** Why it is stuck: the issuer's refusal in red, else the last error of a failed try; a dash when neither. */
export function NfseProblem({ nota }: { nota: StaffNfse }) {
  const { t } = useTranslation();
  if (nota.rejectionReason)
    return (
      <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
        {t('admin.nfse.rejection', { reason: nota.rejectionReason })}
      </Text>
    );
  if (nota.lastError)
    return (
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {t('admin.nfse.error', { error: nota.lastError })}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" aria-hidden>
      –
    </Text>
  );
}

/** When the worker tries it next; "none scheduled" for one only a retry moves; a dash once it is settled. */
export function NfseNextAttempt({ nota }: { nota: StaffNfse }) {
  const { t, i18n } = useTranslation();
  if (nota.nextAttemptAt)
    return (
      <>
        {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(nota.nextAttemptAt),
        )}
      </>
    );
  if (isNfseRetryable(nota)) return <>{t('admin.nfse.notScheduled')}</>;
  return (
    <Text span size="xs" c="dimmed" aria-hidden>
      –
    </Text>
  );
}

/** Retry, for a nota that can be moved (disabled for support, with the reason beside the page's actions). */
export function NfseRetryButton({ nota, onRetry }: NfseRowProps) {
  const { t } = useTranslation();
  if (!isNfseRetryable(nota)) return null;
  return (
    <ActionButton
      aria-label={t('admin.nfse.retry.named', { invoice: nota.invoiceNumber })}
      onClick={() => onRetry(nota)}
    >
      {t('admin.nfse.retry.button')}
    </ActionButton>
  );
}
