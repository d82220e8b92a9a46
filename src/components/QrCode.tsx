/**
 * A QR code drawn in the browser (issue 22: the two-factor set-up's otpauth:// address never goes to a third
 * party). The `qrcode` library is imported on first use, so it stays out of the entry chunk the sign-in page loads
 * (bench/budget.json) and is downloaded only by a page that draws one. It renders an SVG, shown as an image with
 * its text alternative; while it loads, a box of the same size keeps the layout still.
 *
 * Plain React, no MUI: the sign-in page's set-up (public kit) draws it too.
 */
import { useEffect, useState } from 'react';

export interface QrCodeProps {
  value: string;
  /** The image's text alternative. */
  alt: string;
  /** Shown (role="alert") when the library cannot be loaded or the value cannot be encoded. */
  failedText: string;
  size?: number;
}

export function QrCode({ value, alt, failedText, size = 192 }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | { value: string; failed: true } | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString }) => toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => current && setDrawn({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => current && setDrawn({ value, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [value]);

  const box = { width: size, height: size, display: 'block' } as const;
  if (drawn?.value !== value) return <span style={box} aria-hidden="true" />;
  if ('failed' in drawn) return <p role="alert">{failedText}</p>;
  return <img src={drawn.src} alt={alt} width={size} height={size} style={{ ...box, imageRendering: 'pixelated' }} />;
}

/** The base32 secret in groups of four, as people copy it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
