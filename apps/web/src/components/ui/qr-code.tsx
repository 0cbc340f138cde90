import { encode } from 'uqr';

interface QrCodeProps {
  text: string;
  label: string;
  className: string;
  testId: string;
}

/**
 * Text as a QR code, drawn as one SVG path (no canvas, no HTML strings, so the CSP holds; decision 042). Importers
 * reach it through a lazy import, so the encoder loads with the block that shows a code: the deposit address, the
 * WalletConnect pairing (decision 044).
 */
export function QrCode({ text, label, className, testId }: QrCodeProps) {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className={className}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-size={qr.size}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
