import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../../i18n';
import { useAppConfig } from '../../../../lib/app-config';
import { explorerLink } from '../../shared/model/chain-display';
import { CopyButton } from '../../shared/components/copy-button';
import { FeeBox } from '../../../../components/ui/fee-box';
import '../../shared/components/funds-form.css';
import './deposit-target.css';

// The QR encoder is a chunk of its own: only a user looking at where to pay downloads it.
const DepositQr = lazy(() => import('./deposit-qr'));
import { formatGroupedAmount } from '../../../../lib/amount-format';

interface DepositTargetProps {
  /** Checksummed deposit address from the recharge rules; null when the operator configured none (review mode). */
  address: string | null;
  symbol: string;
  minimum: string;
  confirmations: number;
}

/**
 * Where to pay, in both recharge modes (decision 042): the network with a warning against any other, the address
 * with copy and explorer link, the minimum and the confirmations. In review mode this is the only place that
 * says where the money goes before the user submits the voucher.
 */
export function DepositTarget({ address, symbol, minimum, confirmations }: DepositTargetProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const link = address === null ? null : explorerLink(config.data?.explorer_url, 'address', address);
  return (
    <section className="deposit-target" aria-labelledby="deposit-target-title" data-testid="deposit-target">
      <h2 id="deposit-target-title" className="deposit-target__title">
        {t('property.chain.depositTitle', { symbol })}
      </h2>
      <p className="deposit-target__network" data-testid="deposit-network">
        <span className="deposit-target__label">{t('property.chain.network')}</span> <strong>{t('property.chain.networkName')}</strong>
      </p>
      <p className="deposit-target__warning" role="note" data-testid="deposit-warning">
        {t('property.chain.networkWarning', { symbol })}
      </p>
      {address === null ? (
        <p className="deposit-target__warning" data-testid="deposit-no-address">
          {t('property.chain.noAddress')}
        </p>
      ) : (
        <>
          <Suspense fallback={<div className="deposit-target__qr deposit-target__qr--loading" aria-hidden="true" />}>
            <DepositQr address={address} label={t('property.chain.qrLabel', { symbol })} />
          </Suspense>
          <span className="deposit-target__label">{t('property.chain.address')}</span>
          <code className="funds-address deposit-target__address" data-testid="deposit-address">
            {address}
          </code>
          <div className="deposit-target__actions">
            <CopyButton value={address} label={t('property.chain.copyAddress')} testId="deposit-copy" />
            {link !== null && (
              <a className="text-link deposit-target__link" href={link} target="_blank" rel="noopener noreferrer" data-testid="deposit-explorer">
                {t('property.chain.explorer')}
              </a>
            )}
          </div>
        </>
      )}
      <FeeBox
        rows={[
          { label: t('property.chain.minimum'), value: `${formatGroupedAmount(minimum)} ${symbol}`, testId: 'deposit-minimum', className: 'figure' },
          { label: t('property.chain.confirmations'), value: confirmations, testId: 'deposit-confirmations' },
        ]}
      />
    </section>
  );
}
