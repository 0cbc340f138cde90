import { encode } from 'uqr';

/**
 * The deposit address as a QR code, drawn as one SVG path (no canvas, no HTML strings, so the CSP holds).
 * Its own module so that the encoder loads only with the recharge page's address block (decision 042).
 * The plain address is encoded — not an EIP-681 `ethereum:` URI — because wallet apps differ in how they
 * read token-transfer URIs, and every one of them can scan a bare address into its send form.
 */
export default function DepositQr({ address, label }: { address: string; label: string }) {
  const qr = encode(address, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="deposit-target__qr"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="deposit-qr"
      data-size={qr.size}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
