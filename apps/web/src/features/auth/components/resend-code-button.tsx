import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../lib/use-countdown.ts';

type ResendCodeButtonProps = {
  initialSeconds?: number;
  isPending: boolean;
  /** Sends a new code; call `restart` with the server's wait time once it is sent. */
  onResend: (restart: (seconds: number) => void) => void;
};

/** "Resend code", disabled while the countdown the server asked for runs. */
export function ResendCodeButton({ initialSeconds = 0, isPending, onResend }: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(initialSeconds);
  return (
    <Button
      variant="subtle"
      onClick={() => onResend(countdown.start)}
      disabled={countdown.isRunning}
      loading={isPending}
      fullWidth
    >
      {countdown.isRunning
        ? t('auth.resend.wait', { seconds: countdown.remaining })
        : t('auth.resend.action')}
    </Button>
  );
}
