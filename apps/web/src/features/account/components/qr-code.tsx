import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

const SIZE = 184;

type QrCodeProps = { value: string; label: string };

/**
 * `value` as a QR code: an SVG drawn by `qrcode` (fetched only when a code is shown), as an image named by
 * `label`. A failure to draw leaves nothing: the same key is always written out next to it.
 */
export function QrCode({ value, label }: QrCodeProps) {
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
  if (!svg) return <Skeleton w={SIZE} h={SIZE} radius="sm" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={SIZE}
      height={SIZE}
      // The quiet zone stays white in the dark theme too, or cameras cannot read it.
      style={{ background: 'white', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}
