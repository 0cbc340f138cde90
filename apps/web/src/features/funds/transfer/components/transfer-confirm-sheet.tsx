import { useId } from 'react';
import { useTranslation } from '../../../../i18n';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { PayPasswordField } from '../../../../components/ui/pay-password-field';
import { Avatar } from '../../../../components/ui/user-badge';
import { FeeBox } from '../../../../components/ui/fee-box';
import type { TransferReview } from '../model/transfer-form-state';

interface TransferConfirmSheetProps {
  review: TransferReview;
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
 * what they receive, then the transaction password. A transfer cannot be undone, so nothing leaves before this.
 */
export function TransferConfirmSheet({ review, password, onPasswordChange, error, busy, onConfirm, onClose }: TransferConfirmSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const { recipient, symbol } = review;
  return (
    <Modal title={t('transfer.confirmTitle')} onClose={onClose} testId="transfer-sheet">
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
      <FeeBox
        rows={[
          { label: t('transfer.amount'), value: `${review.amount} ${symbol}`, testId: 'transfer-sheet-amount' },
          { label: t('transfer.feeShort'), value: `${review.fee} ${symbol}`, testId: 'transfer-sheet-fee' },
          { label: t('transfer.receives'), value: `${review.amount} ${symbol}`, testId: 'transfer-sheet-receives' },
          { label: t('transfer.total'), value: `${review.total} ${symbol}`, testId: 'transfer-sheet-total' },
        ]}
      />
      <p className="modal__text">{t('transfer.irreversible')}</p>
      <form className="form" noValidate onSubmit={onConfirm}>
        <PayPasswordField
          id={`${id}-password`}
          label={t('transfer.password')}
          value={password}
          onChange={onPasswordChange}
          errorId={error === null ? undefined : `${id}-error`}
          testId="transfer-password"
        />
        {error !== null && (
          <p id={`${id}-error`} className="form-warning" role="alert" data-testid="transfer-sheet-error">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy} data-testid="transfer-confirm">
            {t('transfer.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
