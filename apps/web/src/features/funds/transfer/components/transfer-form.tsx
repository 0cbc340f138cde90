import { useCallback, useId, useReducer } from 'react';
import { useTranslation } from '../../../../i18n';
import { useSearchParams } from 'react-router-dom';
import { isAssetKey, type AssetKey, type UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { Button } from '../../../../components/ui/button';
import { ApiError, toastError } from '../../../../lib/api-client';
import { useAppConfig } from '../../../../lib/app-config';
import { pagePath } from '../../../../lib/pages';
import { showToast } from '../../../../lib/toast';
import { useGuardedSubmit } from '../../../../lib/submit-guard';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useTransfer } from '../api/transfer';
import { getRecipient } from '../api/get-recipient';
import { useRecentRecipients } from '../api/get-recent-recipients';
import { checkTransfer, estimateFee, exceedsBalance, maxTransferAmount, normalizeAmountInput, ratePercent, transferTotal } from '../model/transfer-input';
import { AmountField } from '../../../../components/ui/amount-field';
import { PasteInput } from '../../../../components/ui/paste-input';
import { NoPayPasswordSheet } from '../../shared/components/no-pay-password-sheet';
import { RechargePrompt } from '../../../../components/ui/recharge-prompt';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { Avatar } from '../../../../components/ui/user-badge';
import { TransferConfirmSheet } from './transfer-confirm-sheet';
import { initialTransferForm, isRecipientRefusal, isShownInForm, transferFormReducer } from '../model/transfer-form-state';
import { FeeBox } from '../../../../components/ui/fee-box';
import '../../shared/components/funds-form.css';
import './transfer-form.css';

const PASSWORD_RE = /^\d{6}$/;

interface TransferFormProps {
  /** The user's balances (from the user info), for the available amount and "Max". */
  balances: UserInfo['balances'] | undefined;
  /** From the user info: without a transaction password the form sends the user to set one, and back. */
  hasPayPassword: boolean | undefined;
  /** After a successful transfer: the caller refreshes what it owns (user info). */
  onTransferred: () => void;
}

/**
 * pages/property/transfer: to a wallet address or a uid. "Transfer" checks the form, then asks the server who the
 * recipient is; the confirmation sheet shows them with the amount and fee and takes the transaction password
 * (decision 041). `?asset=`, `?to=` and `?amount=` prefill the form (an asset's page; the way back from setting
 * the password).
 */
export function TransferForm({ balances, hasPayPassword, onTransferred }: TransferFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const config = useAppConfig();
  const send = useTransfer();
  const recent = useRecentRecipients();
  const [search] = useSearchParams();
  const [state, dispatch] = useReducer(transferFormReducer, search, initialTransferForm);
  const { chosenAsset, to, amount, recipientError, review, password, sheetError, needsPassword, short } = state;
  const setAmount = useCallback((value: string) => dispatch({ type: 'amount', amount: value }), []);
  const closePrompt = useCallback(() => dispatch({ type: 'close', what: 'short' }), []);
  const closeSheet = useCallback(() => dispatch({ type: 'close', what: 'review' }), []);

  const assets = config.data?.assets ?? [];
  const asset = chosenAsset ?? assets[0]?.key ?? null;
  const symbolOf = (key: AssetKey) => assets.find((a) => a.key === key)?.symbol ?? key;
  const symbol = asset === null ? '' : symbolOf(asset);
  const balance = balances?.find((b) => b.key === asset);
  const rate = config.data?.transfer_fee_rate;
  const percent = rate === undefined ? null : ratePercent(rate);
  const fee = rate === undefined ? null : estimateFee(amount, rate);
  const max = balance && rate !== undefined ? maxTransferAmount(balance.amount, rate) : null;

  const changeRecipient = (value: string) => dispatch({ type: 'recipient', to: value });

  const startReview = useGuardedSubmit(async () => {
    if (asset === null || rate === undefined) return;
    const problem = checkTransfer(to, amount);
    if (problem === 'addressRequired' || problem === 'recipientInvalid') {
      dispatch({ type: 'recipientRefused', message: t(`transfer.${problem}`) });
      return;
    }
    if (problem !== null) {
      showToast(t(`transfer.${problem}`));
      return;
    }
    const normalized = normalizeAmountInput(amount);
    // Known short before anything is asked: offer the top-up instead of a password the server would refuse anyway.
    if (balance && exceedsBalance(normalized, rate, balance.amount)) {
      dispatch({ type: 'short', asset, message: t('transfer.insufficient') });
      return;
    }
    if (hasPayPassword === false) {
      dispatch({ type: 'needsPassword' });
      return;
    }
    try {
      const recipient = await getRecipient(to.trim());
      const review = {
        recipient,
        asset,
        symbol: symbolOf(asset),
        amount: normalized,
        fee: estimateFee(normalized, rate) ?? '0',
        total: transferTotal(normalized, rate) ?? normalized,
      };
      dispatch({ type: 'review', review });
    } catch (error) {
      if (error instanceof ApiError && isRecipientRefusal(error.code)) dispatch({ type: 'recipientRefused', message: error.message });
      else toastError(error);
    }
  });

  const confirm = useIdempotentMutation({
    intent: () => {
      if (review === null) return null;
      if (!PASSWORD_RE.test(password)) {
        dispatch({ type: 'passwordInvalid', message: t('transfer.passwordInvalid') });
        return null;
      }
      // The uid the sheet showed, not the text typed: the money goes to the person the user confirmed.
      return { asset: review.asset, to: String(review.recipient.uid), amount: review.amount, password };
    },
    // The password stays out of the fingerprint, as it stays out of the server's key digest.
    fingerprint: ({ asset, to, amount }) => ({ asset, to, amount }),
    send: (body, idempotencyKey) => send.mutateAsync({ body, idempotencyKey }),
    onSuccess: () => {
      dispatch({ type: 'sent' });
      showToast(t('transfer.success'));
      onTransferred();
    },
    onError: (error, _outcome, body) => {
      if (!(error instanceof ApiError)) {
        dispatch({ type: 'password', password: '' });
        toastError(error);
        return;
      }
      dispatch({ type: 'refused', code: error.code, message: error.message, asset: body.asset });
      if (!isShownInForm(error.code)) toastError(error);
    },
  });

  if (config.isError) {
    return <ErrorState as="section" onRetry={() => config.refetch()} />;
  }

  // Back here after the password is set, with what the user had typed.
  const returnHere = `${pagePath('property/transfer')}?${new URLSearchParams({ ...(asset ? { asset } : {}), to: to.trim(), amount }).toString()}`;
  const recipients = recent.data?.list ?? [];

  return (
    <>
      <form
        className="card form transfer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          startReview();
        }}
      >
        <label className="field" htmlFor={`${id}-asset`}>
          <span className="field__label">{t('transfer.asset')}</span>
          <select
            id={`${id}-asset`}
            className="select field__input"
            value={asset ?? ''}
            disabled={assets.length === 0}
            onChange={(event) => {
              if (isAssetKey(event.target.value)) dispatch({ type: 'asset', asset: event.target.value });
            }}
            data-testid="transfer-asset"
          >
            {assets.length === 0 && <option value="">{t('common.loading')}</option>}
            {assets.map((a) => (
              <option key={a.key} value={a.key}>
                {a.symbol}
              </option>
            ))}
          </select>
        </label>
        <div className="transfer-available">
          <p className="field__hint" data-testid="transfer-available">
            {t('transfer.available', { amount: balance ? formatGroupedAmount(balance.amount) : '—', symbol })}
          </p>
          <button
            type="button"
            className="transfer-inline-button"
            disabled={max === null}
            onClick={() => max !== null && setAmount(max)}
            data-testid="transfer-max"
          >
            {t('transfer.max')}
          </button>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('transfer.address')}
          </label>
          <PasteInput
            id={`${id}-to`}
            value={to}
            onChange={changeRecipient}
            placeholder={t('transfer.addressPlaceholder')}
            testId="transfer-address"
            pasteTestId="transfer-paste"
            className="transfer-recipient-input"
            buttonClassName="transfer-inline-button"
            invalid={recipientError !== null}
            describedBy={recipientError === null ? undefined : `${id}-to-error`}
          />
          {recipientError !== null && (
            <p id={`${id}-to-error`} className="form-warning" role="alert" data-testid="transfer-recipient-error">
              {recipientError}
            </p>
          )}
        </div>

        {recipients.length > 0 && (
          <div className="transfer-recent" data-testid="transfer-recent">
            <span className="field__label">{t('transfer.recent')}</span>
            <ul className="transfer-recent__list">
              {recipients.map((r) => (
                <li key={r.uid}>
                  <button type="button" className="transfer-recent__item" onClick={() => changeRecipient(String(r.uid))} data-testid="transfer-recent-item">
                    <Avatar src={r.avatar} uid={r.uid} size={24} />
                    <span className="transfer-recent__name">{r.nickname === '' ? r.address : r.nickname}</span>
                    <span className="transfer-recent__uid">{t('transfer.uid', { uid: r.uid })}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <AmountField
          label={t('transfer.amount')}
          value={amount}
          onChange={setAmount}
          placeholder={t('transfer.amountPlaceholder')}
          suffix={symbol}
          testId="transfer-amount"
        />

        <FeeBox
          rows={[
            { label: t('transfer.feeRate'), value: percent === null ? '—' : `${percent}%`, testId: 'transfer-fee-rate' },
            { label: t('transfer.fee'), value: fee === null ? '—' : `${formatGroupedAmount(fee)} ${symbol}` },
          ]}
        />

        <Button type="submit" block disabled={asset === null || rate === undefined} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </form>

      {review !== null && (
        <TransferConfirmSheet
          review={review}
          balance={balance?.amount ?? (balances === undefined ? undefined : '0')}
          password={password}
          onPasswordChange={(value) => dispatch({ type: 'password', password: value })}
          error={sheetError}
          busy={send.isPending}
          onConfirm={confirm}
          onClose={closeSheet}
        />
      )}

      {needsPassword && <NoPayPasswordSheet kind="transfer" back={returnHere} onClose={() => dispatch({ type: 'close', what: 'needsPassword' })} />}

      {short !== null && (
        <RechargePrompt
          asset={short.asset}
          symbol={symbolOf(short.asset)}
          message={short.message}
          onClose={closePrompt}
          testPrefix="transfer"
          rechargeHint={t('transfer.rechargeHint', { symbol: symbolOf(short.asset) })}
        />
      )}
    </>
  );
}
