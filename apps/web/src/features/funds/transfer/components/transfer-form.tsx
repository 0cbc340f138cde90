import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isAssetKey, type AssetKey, type UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { Button } from '../../../../components/ui/button';
import { ApiError, toastError } from '../../../../lib/api-client';
import { useAppConfig } from '../../../../lib/app-config';
import { showToast } from '../../../../lib/toast';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useTransfer } from '../api/transfer';
import { checkTransfer, estimateFee, normalizeAmountInput, ratePercent } from '../model/transfer-input';
import { AmountField } from '../../shared/components/amount-field';
import { RechargePrompt } from '../../shared/components/recharge-prompt';
import { formatGroupedAmount } from '../../../../lib/amount-format';

interface TransferFormProps {
  /** The user's balances (from the user info), for the available amount. */
  balances: UserInfo['balances'] | undefined;
  /** After a successful transfer: the caller refreshes what it owns (user info). */
  onTransferred: () => void;
}

export function TransferForm({ balances, onTransferred }: TransferFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const config = useAppConfig();
  const send = useTransfer();
  // `?asset=` (from an asset's page) preselects it; an unknown key is ignored.
  const [search] = useSearchParams();
  const requestedAsset = search.get('asset');
  const [chosenAsset, setChosenAsset] = useState<AssetKey | null>(requestedAsset !== null && isAssetKey(requestedAsset) ? requestedAsset : null);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [short, setShort] = useState<{ asset: AssetKey; message: string } | null>(null);
  const closePrompt = useCallback(() => setShort(null), []);

  const assets = config.data?.assets ?? [];
  const asset = chosenAsset ?? assets[0]?.key ?? null;
  const symbol = assets.find((a) => a.key === asset)?.symbol ?? '';
  const balance = balances?.find((b) => b.key === asset);
  const rate = config.data?.transfer_fee_rate;
  const percent = rate === undefined ? null : ratePercent(rate);
  const fee = rate === undefined ? null : estimateFee(amount, rate);

  const submit = useIdempotentMutation({
    intent: () => {
      const problem = checkTransfer(address, amount);
      if (problem !== null) {
        showToast(t(`transfer.${problem}`));
        return null;
      }
      if (asset === null) return null;
      return { asset, address: address.trim(), amount: normalizeAmountInput(amount) };
    },
    send: (body, idempotencyKey) => send.mutateAsync({ body, idempotencyKey }),
    onSuccess: () => {
      setAmount('');
      setAddress('');
      showToast(t('transfer.success'));
      onTransferred();
    },
    onError: (error, _outcome, body) => {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
        setShort({ asset: body.asset, message: error.message });
        return;
      }
      toastError(error);
    },
  });

  if (config.isError) {
    return <ErrorState as="section" onRetry={() => config.refetch()} />;
  }

  return (
    <>
      <form className="card form transfer-form" noValidate onSubmit={submit}>
        <label className="field" htmlFor={`${id}-asset`}>
          <span className="field__label">{t('transfer.asset')}</span>
          <select
            id={`${id}-asset`}
            className="select field__input"
            value={asset ?? ''}
            disabled={assets.length === 0}
            onChange={(event) => {
              if (isAssetKey(event.target.value)) setChosenAsset(event.target.value);
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
        <p className="field__hint" data-testid="transfer-available">
          {t('transfer.available', { amount: balance ? formatGroupedAmount(balance.amount) : '—', symbol })}
        </p>

        <label className="field" htmlFor={`${id}-address`}>
          <span className="field__label">{t('transfer.address')}</span>
          <input
            id={`${id}-address`}
            className="field__input"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder={t('transfer.addressPlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="transfer-address"
          />
        </label>

        <AmountField
          label={t('transfer.amount')}
          value={amount}
          onChange={setAmount}
          placeholder={t('transfer.amountPlaceholder')}
          suffix={symbol}
          testId="transfer-amount"
        />

        <dl className="fee-box">
          <div>
            <dt>{t('transfer.feeRate')}</dt>
            <dd data-testid="transfer-fee-rate">{percent === null ? '—' : `${percent}%`}</dd>
          </div>
          <div>
            <dt>{t('transfer.fee')}</dt>
            <dd>{fee === null ? '—' : `${formatGroupedAmount(fee)} ${symbol}`}</dd>
          </div>
        </dl>

        <Button type="submit" block busy={send.isPending} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </form>
      {short !== null && (
        <RechargePrompt
          asset={short.asset}
          symbol={assets.find((a) => a.key === short.asset)?.symbol ?? short.asset}
          message={short.message}
          onClose={closePrompt}
          testPrefix="transfer"
        />
      )}
    </>
  );
}
