import type { PixCharge } from '@cotacep/shared/pix-schemas';
import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '#web/components/copy-text-button.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { QrCode } from '#web/components/qr-code.tsx';
import { PixCountdown } from './pix-countdown.tsx';
import classes from './pix-panel.module.css';

/** A phone's camera reads it from an arm's length on a laptop, and it still fits a 390 px screen. */
const QR_SIZE = 232;

const STATUS_COLORS = { pending: 'yellow', paid: 'green', expired: 'gray' } as const;

export type PixPanelProps = {
  charge: PixCharge;
  /** The amount, written for the page's language. */
  amount: string;
  /** When the page received `charge` (ms): its countdown starts from there. */
  receivedAt: number;
  /** The code ran out on the page's count: the page asks the server, which says so too. */
  onExpired: () => void;
  onNewCode: () => void;
  isCreating: boolean;
  /** Test mode plays the bank. */
  onSimulatePaid: () => void;
  isPaying: boolean;
  error: unknown;
};

/**
 * A Pix code waiting for the payer's bank (issue 27): its QR code and "copia e cola" with a copy button, the
 * time left, and test mode's bank. Expired, it says so and offers a new code; paid, it says so. The status is
 * a live region, so a screen reader hears the payment arrive.
 */
export function PixPanel(props: PixPanelProps) {
  // A new code starts afresh (its own countdown, not lapsed).
  return <CodePanel key={props.charge.brCode} {...props} />;
}

function CodePanel(props: PixPanelProps) {
  const { charge, amount, receivedAt, onExpired, onNewCode, isCreating, onSimulatePaid, isPaying, error } =
    props;
  const { t } = useTranslation();
  // Counted down to zero here before the server's next answer says expired.
  const [isLapsed, setLapsed] = useState(false);
  const status = charge.status === 'pending' && isLapsed ? 'expired' : charge.status;
  const onLapsed = () => {
    setLapsed(true);
    onExpired();
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Badge role="status" color={STATUS_COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
          {t(`billing.pix.status.${status}`)}
        </Badge>
        {status === 'pending' && (
          <PixCountdown secondsLeft={charge.secondsLeft} receivedAt={receivedAt} onExpired={onLapsed} />
        )}
      </Group>
      {status === 'pending' && (
        <div className={classes.code}>
          <div className={classes.qr}>
            <QrCode value={charge.brCode} label={t('billing.pix.qrLabel', { amount })} size={QR_SIZE} />
          </div>
          <Stack gap="xs" className={classes.text}>
            <Textarea
              label={t('billing.pix.code')}
              description={t('billing.pix.steps')}
              value={charge.brCode}
              readOnly
              autosize
              minRows={3}
              classNames={{ input: classes.payload }}
            />
            <Group>
              <CopyTextButton value={charge.brCode} label={t('billing.pix.copy')} />
            </Group>
          </Stack>
        </div>
      )}
      {status === 'expired' && (
        <Alert color="yellow" variant="light" title={t('billing.pix.expiredTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('billing.pix.expiredText')}</Text>
            <Button onClick={onNewCode} loading={isCreating}>
              {t('billing.pix.newCode')}
            </Button>
          </Stack>
        </Alert>
      )}
      {status === 'paid' && (
        <Alert color="green" variant="light">
          {t('billing.pix.paidText')}
        </Alert>
      )}
      <FormErrorAlert error={error} />
      {status === 'pending' && (
        <Alert color="orange" variant="light" title={t('billing.testMode.badge')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('billing.pix.simulateText')}</Text>
            <Button variant="default" onClick={onSimulatePaid} loading={isPaying}>
              {t('billing.pix.simulatePaid')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
