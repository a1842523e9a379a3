import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

type QrCodeProps = {
  value: string;
  label: string;
  /** Its side in CSS pixels: big enough for a phone's camera at arm's length. */
  size?: number;
};

/**
 * `value` as a QR code: an SVG drawn by `qrcode` (fetched only when a code is shown), as an image named by
 * `label`. A failure to draw leaves nothing: the same text is always written out next to it (an
 * authenticator's key, a Pix "copia e cola").
 */
export function QrCode({ value, label, size = 184 }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    import('qrcode')
      .then(({ toString: render }) => render(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (markup) => isCurrent && setSvg(markup),
        () => isCurrent && setFailed(true),
      );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (hasFailed) return null;
  if (!svg) return <Skeleton w={size} h={size} radius="sm" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      // The quiet zone stays white in the dark theme too, or cameras cannot read it.
      style={{ background: 'white', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
    />
  );
}
