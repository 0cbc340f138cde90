import { QrCode } from '../../../../components/ui/qr-code';

/**
 * The deposit address as a QR code. Its own module so that the encoder loads only with the recharge page's address
 * block (decision 042). The plain address is encoded — not an EIP-681 `ethereum:` URI — because wallet apps differ in
 * how they read token-transfer URIs, and every one of them can scan a bare address into its send form.
 */
export default function DepositQr({ address, label }: { address: string; label: string }) {
  return <QrCode text={address} label={label} className="deposit-target__qr" testId="deposit-qr" />;
}
