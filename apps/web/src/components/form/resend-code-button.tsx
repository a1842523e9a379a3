import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getRetryAfter } from './server-errors.ts';
import { useCountdown } from './use-countdown.ts';

type ResendCodeButtonProps = {
  initialSeconds?: number;
  isPending: boolean;
  /** Sends a new code: resolves with the server's wait before the next one. */
  onResend: () => Promise<number>;
};

/** "Resend code", disabled while the countdown the server asked for runs (60 s by default). */
export function ResendCodeButton({ initialSeconds = 0, isPending, onResend }: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(initialSeconds);
  const onClick = () =>
    onResend().then(countdown.start, (error: unknown) => {
      // Sent too recently: the answer says how long to wait.
      const retryAfter = getRetryAfter(error);
      if (retryAfter) countdown.start(retryAfter);
    });
  return (
    <Button variant="subtle" onClick={onClick} disabled={countdown.isRunning} loading={isPending} fullWidth>
      {countdown.isRunning
        ? t('auth.resend.wait', { seconds: countdown.remaining })
        : t('auth.resend.action')}
    </Button>
  );
}
