import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { balanceAfter, isNegativeAmount } from '../../lib/balance-after';
import { Button } from './button';
import { FeeBox, type FeeRow } from './fee-box';
import { Modal } from './modal';
import { Money } from './money';
import { PayPasswordField } from './pay-password-field';
import './review-sheet.css';

/** One balance a spend draws on: what leaves it and what it holds now (from the user info; undefined while loading). */
export interface ReviewSpend {
  symbol: string;
  amount: string;
  balance: string | undefined;
}

/** The transaction password, where the server asks for one (transfer, withdrawal, shop payment) and only there. */
export interface ReviewPassword {
  label: string;
  value: string;
  onChange: (password: string) => void;
  testId: string;
}

interface ReviewSheetProps {
  title: string;
  testId: string;
  /** Above the figures: who receives it, the item bought. */
  subject?: ReactNode;
  /** What, the price, the fees and what the user gets, in that order. */
  rows: readonly (FeeRow | false | null | undefined)[];
  /** Each balance the spend draws on: the sheet adds its "balance after" row, worked out from the real balance. */
  spends: readonly ReviewSpend[];
  /** A sentence under the figures (a transfer cannot be undone, when the interest starts). */
  note?: ReactNode;
  /** Something the user should weigh before confirming (a listing below what the card cost). */
  warning?: ReactNode;
  password?: ReviewPassword;
  /** The server's refusal of the last try, shown in the sheet. */
  error?: string | null;
  confirmLabel: string;
  confirmTestId: string;
  busy: boolean;
  onConfirm: (event?: unknown) => void;
  onClose: () => void;
}

/**
 * The one review every spend shows before money leaves (issue 25 §7): what it is, the price, the fees, what the user
 * gets and each balance after, then — only where the server asks for it — the transaction password. Transfers,
 * withdrawals, cards, miners, pledges, shop payments and card listings all confirm through this sheet, so they read
 * and behave alike.
 */
export function ReviewSheet(props: ReviewSheetProps) {
  const { title, testId, subject, rows, spends, note, warning, password, error = null, confirmLabel, confirmTestId, busy, onConfirm, onClose } = props;
  const { t } = useTranslation();
  const id = useId();
  const afterRows: FeeRow[] = spends.map((spend, index) => {
    const after = balanceAfter(spend.balance, spend.amount);
    return {
      label: t('funds.review.balanceAfter', { symbol: spend.symbol }),
      value: after === undefined ? '—' : <Money value={after} symbol={spend.symbol} />,
      testId: `${testId}-after${index === 0 ? '' : `-${index}`}`,
      className: after !== undefined && isNegativeAmount(after) ? 'is-warning' : undefined,
    };
  });
  const short = spends.some((spend) => {
    const after = balanceAfter(spend.balance, spend.amount);
    return after !== undefined && isNegativeAmount(after);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(event);
  };
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      {subject}
      <FeeBox className="review-sheet" rows={[...rows, ...afterRows]} />
      {note !== undefined && <p className="modal__text">{note}</p>}
      {short && (
        <p className="form-warning" role="alert" data-testid={`${testId}-short`}>
          {t('funds.review.short')}
        </p>
      )}
      {warning !== undefined && (
        <p className="form-warning" role="alert" data-testid={`${testId}-warning`}>
          {warning}
        </p>
      )}
      <form className="form" noValidate onSubmit={submit}>
        {password !== undefined && (
          <PayPasswordField
            id={`${id}-password`}
            label={password.label}
            value={password.value}
            onChange={password.onChange}
            errorId={error === null ? undefined : `${id}-error`}
            testId={password.testId}
          />
        )}
        {error !== null && (
          <p id={`${id}-error`} className="form-warning" role="alert" data-testid={`${testId}-error`}>
            {error}
          </p>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
