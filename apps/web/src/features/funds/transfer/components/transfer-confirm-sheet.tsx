import { useTranslation } from '../../../../i18n';
import { ReviewSheet } from '../../../../components/ui/review-sheet';
import { Avatar } from '../../../../components/ui/user-badge';
import type { TransferReview } from '../model/transfer-form-state';

interface TransferConfirmSheetProps {
  review: TransferReview;
  /** What the sender holds of the asset now (the user info), for the balance after. */
  balance: string | undefined;
  password: string;
  onPasswordChange: (password: string) => void;
  /** The server's refusal of the last try (wrong password, locked), shown in the sheet. */
  error: string | null;
  busy: boolean;
  onConfirm: (event?: unknown) => void;
  onClose: () => void;
}

/**
 * The last step of a transfer (issue 10): who receives it (nickname, uid, masked address), the amount, the fee and
 * what they receive, then the transaction password — in the review sheet every spend shares. A transfer cannot be
 * undone, so nothing leaves before this.
 */
export function TransferConfirmSheet({ review, balance, password, onPasswordChange, error, busy, onConfirm, onClose }: TransferConfirmSheetProps) {
  const { t } = useTranslation();
  const { recipient, symbol } = review;
  return (
    <ReviewSheet
      title={t('transfer.confirmTitle')}
      testId="transfer-sheet"
      subject={
        <div className="transfer-recipient" data-testid="transfer-sheet-recipient">
          <Avatar src={recipient.avatar} uid={recipient.uid} size={48} />
          <span className="transfer-recipient__text">
            <span className="transfer-recipient__name" data-testid="transfer-sheet-nickname">
              {recipient.nickname === '' ? t('transfer.noNickname') : recipient.nickname}
            </span>
            <span className="transfer-recipient__meta">
              <span data-testid="transfer-sheet-uid">{t('transfer.uid', { uid: recipient.uid })}</span>
              <span data-testid="transfer-sheet-address">{recipient.address}</span>
            </span>
          </span>
        </div>
      }
      rows={[
        { label: t('transfer.amount'), value: `${review.amount} ${symbol}`, testId: 'transfer-sheet-amount' },
        { label: t('transfer.feeShort'), value: `${review.fee} ${symbol}`, testId: 'transfer-sheet-fee' },
        { label: t('transfer.receives'), value: `${review.amount} ${symbol}`, testId: 'transfer-sheet-receives' },
        { label: t('transfer.total'), value: `${review.total} ${symbol}`, testId: 'transfer-sheet-total' },
      ]}
      spends={[{ symbol, amount: review.total, balance }]}
      note={t('transfer.irreversible')}
      password={{ label: t('transfer.password'), value: password, onChange: onPasswordChange, testId: 'transfer-password' }}
      error={error}
      confirmLabel={t('transfer.confirm')}
      confirmTestId="transfer-confirm"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
