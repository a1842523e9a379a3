import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type PixCountdownProps = {
  /** The seconds the server counted when it answered, at `receivedAt` (ms). */
  secondsLeft: number;
  receivedAt: number;
  /** Once, when it reaches zero. */
  onExpired: () => void;
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** mm:ss, as a countdown reads. */
export const formatCountdown = (seconds: number) =>
  `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;

/**
 * What is left of a Pix code's validity, counted down each second from the server's own count (not the
 * browser's clock, nor the billing clock, which test mode may have moved days ahead). Not a live region:
 * a screen reader hears the code's status change, not every second.
 */
export function PixCountdown({ secondsLeft, receivedAt, onExpired }: PixCountdownProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(secondsLeft);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, secondsLeft - Math.floor((Date.now() - receivedAt) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [secondsLeft, receivedAt]);

  // Called once as the count reaches zero, whichever function the parent gave last.
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  }, [onExpired]);
  const isOver = left === 0;
  useEffect(() => {
    if (isOver) onExpiredRef.current();
  }, [isOver]);

  return (
    <Text size="sm">
      {t('billing.pix.validFor')}{' '}
      <Text span fw={700} ff="monospace" aria-hidden={isOver}>
        {formatCountdown(left)}
      </Text>
    </Text>
  );
}
