import { QrCode } from '../../../components/ui/qr-code';

/** The invite link as a QR code: its own module, so the encoder loads with the invite block only (as the deposit QR). */
export default function InviteQr({ link, label }: { link: string; label: string }) {
  return <QrCode text={link} label={label} className="invite__qr" testId="invite-qr" />;
}
