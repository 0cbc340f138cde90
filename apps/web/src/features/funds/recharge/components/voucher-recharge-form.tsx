import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../i18n';
import { UPLOAD_MIME_TYPES, type UserInfo } from '@reef/contract';
import { Tabs } from '../../../../components/ui/tabs';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { toastError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useRecharge } from '../api/recharge';
import { useUploadVoucher } from '../api/upload-voucher';
import { normalizeAmountInput } from '../../shared/model/amount-input';
import { checkVoucherRecharge, isImageFile, voucherOf, type VoucherKind, type VoucherProblem } from '../model/voucher-input';
import { AmountField } from '../../../../components/ui/amount-field';
import { AssetToggle, useAssetSymbol, type ChainAsset } from '../../shared/components/asset-toggle';
import './voucher-recharge.css';
import '../../shared/components/funds-form.css';
import { formatGroupedAmount } from '../../../../lib/amount-format';

const VOUCHER_KINDS: readonly VoucherKind[] = ['hash', 'image'];

interface VoucherRechargeFormProps {
  balances: UserInfo['balances'] | undefined;
  /** Smallest amount the server takes per asset. */
  minimums: Record<ChainAsset, string>;
  initialAsset: ChainAsset;
  /** Where to pay this asset (the deposit address, network, minimum), shown before the voucher fields. */
  target: (asset: ChainAsset, symbol: string) => ReactNode;
}

/** The message for a problem the form finds before sending (the amount ones are shared with the other forms). */
function problemKey(problem: VoucherProblem) {
  switch (problem) {
    case 'belowMinimum':
    case 'hashRequired':
    case 'hashInvalid':
    case 'imageRequired':
      return `property.voucher.${problem}` as const;
    default:
      return `transfer.${problem}` as const;
  }
}

/**
 * pages/property/recharge when the server has no chain RPC (decision 019): the user declares the amount they
 * sent and proves it with the transfer's hash or a picture of it; an operator reviews the request. Nothing is
 * credited here, so the page ends on 'submitted, please wait for review' and the list below follows the review.
 */
export function VoucherRechargeForm({ balances, minimums, initialAsset, target }: VoucherRechargeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const send = useRecharge();
  const upload = useUploadVoucher();
  const symbolOf = useAssetSymbol();
  const [asset, setAsset] = useState<ChainAsset>(initialAsset);
  const [amount, setAmount] = useState('');
  const [kind, setKind] = useState<VoucherKind>('hash');
  const [hash, setHash] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const symbol = symbolOf(asset);
  const balance = balances?.find((b) => b.key === asset);
  const minimum = minimums[asset];

  const pickImage = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file === undefined) return;
    if (!isImageFile(file)) {
      showToast(t('property.voucher.notImage'));
      return;
    }
    try {
      setImage(await upload.mutateAsync(file));
    } catch (error) {
      toastError(error);
    }
  };

  const submit = useIdempotentMutation({
    intent: () => {
      if (upload.isPending) return null;
      const problem = checkVoucherRecharge({ amount, minimum, kind, hash, image });
      if (problem !== null) {
        showToast(t(problemKey(problem), { min: formatGroupedAmount(minimum), symbol }));
        return null;
      }
      return { asset, value: normalizeAmountInput(amount), voucher: voucherOf({ kind, hash, image }) };
    },
    send: ({ asset, value, voucher }, idempotencyKey) => send.mutateAsync({ asset, amount: value, voucher, idempotencyKey }),
    onSuccess: () => {
      setAmount('');
      setHash('');
      setImage(null);
      setSubmitted(true);
      showToast(t('recharge.success'));
    },
    onError: (error) => toastError(error),
  });

  if (submitted) {
    return (
      <section className="card empty-state voucher-done" data-testid="voucher-submitted" role="status">
        <p className="voucher-done__title">{t('property.voucher.submittedTitle')}</p>
        <p>{t('property.voucher.waitReview')}</p>
        <Button variant="secondary" onClick={() => setSubmitted(false)} data-testid="voucher-another">
          {t('property.voucher.another')}
        </Button>
      </section>
    );
  }

  return (
    <form className="card form" noValidate onSubmit={submit} data-testid="voucher-form">
      <AssetToggle value={asset} onChange={setAsset} testId="recharge-asset" />
      {target(asset, symbol)}
      <p className="field__hint" data-testid="recharge-balance">
        {t('transfer.available', { amount: balance ? formatGroupedAmount(balance.amount) : '—', symbol })}
      </p>
      <p className="field__hint">{t('property.voucher.intro')}</p>
      <AmountField
        label={t('recharge.amount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('property.voucher.minimum', { min: formatGroupedAmount(minimum), symbol })}
        suffix={symbol}
        testId="voucher-amount"
      />

      <Tabs
        className="tabs--pair"
        label={t('property.voucher.kind')}
        tabs={VOUCHER_KINDS.map((option) => ({ id: option, label: t(`property.voucher.kinds.${option}`), testId: `voucher-kind-${option}` }))}
        selected={kind}
        onSelect={setKind}
        testId="voucher-kind"
      />

      {kind === 'hash' ? (
        <label className="field" htmlFor={`${id}-hash`}>
          <span className="field__label">{t('property.voucher.hash')}</span>
          <input
            id={`${id}-hash`}
            className="field__input field__input--mono"
            value={hash}
            onChange={(event) => setHash(event.target.value)}
            placeholder="0x…"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="voucher-hash"
          />
        </label>
      ) : (
        <div className="field voucher-image">
          <span className="field__label">{t('property.voucher.image')}</span>
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            id={`${id}-file`}
            accept={UPLOAD_MIME_TYPES.join(',')}
            onChange={(event) => void pickImage(event.target.files?.[0])}
            data-testid="voucher-file"
          />
          {upload.isPending ? (
            <p className="voucher-image__status" role="status" data-testid="voucher-uploading">
              <Spinner /> {t('property.voucher.uploading')}
            </p>
          ) : image !== null ? (
            <div className="voucher-image__preview">
              <img src={image} alt={t('property.voucher.image')} data-testid="voucher-preview" />
              <Button variant="ghost" onClick={() => setImage(null)} data-testid="voucher-remove">
                {t('property.voucher.remove')}
              </Button>
            </div>
          ) : null}
          {!upload.isPending && (
            <label htmlFor={`${id}-file`} className="btn btn--secondary btn--block" data-testid="voucher-pick">
              <span className="btn__label">{t(image === null ? 'property.voucher.pick' : 'property.voucher.replace')}</span>
            </label>
          )}
        </div>
      )}

      <Button type="submit" block busy={send.isPending} disabled={upload.isPending} data-testid="voucher-submit">
        {t('property.voucher.submit')}
      </Button>
    </form>
  );
}
