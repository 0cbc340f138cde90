import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AssetKey } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { pagePath } from '../../../lib/pages';

interface RechargePromptProps {
  /** The asset that ran short. */
  asset: AssetKey;
  symbol: string;
  /** The server's localized refusal, as the sheet's title. */
  message: string;
  onClose: () => void;
  /** Test ids: the sheet is `<prefix>-recharge-prompt`, its links `<prefix>-recharge`, `<prefix>-charge-usdt|bnb`. */
  testPrefix: string;
}

/**
 * The sheet a refusal for 'Insufficient balance' opens (spec §8: 'Insufficient RUSD' offers the recharge). Each
 * asset leads where it can be topped up: USDT and the coin to the on-chain recharge, RUSD to the RUSD charge,
 * paid with USDT from the balance or with BNB from the wallet. Points cannot be bought, so they only say so.
 */
export function RechargePrompt({ asset, symbol, message, onClose, testPrefix }: RechargePromptProps) {
  const { t } = useTranslation();
  const testId = `${testPrefix}-recharge-prompt`;
  return (
    <Modal title={message} onClose={onClose} testId={testId}>
      {asset === 'rusd' ? (
        <>
          <p className="modal__text">{t('property.insufficient.rusd')}</p>
          <div className="modal__actions">
            <Link className="btn btn--primary btn--block" to={pagePath('property/single')} data-testid={`${testPrefix}-charge-usdt`}>
              <span className="btn__label">{t('property.insufficient.payUsdt')}</span>
            </Link>
            <Link className="btn btn--secondary btn--block" to={`${pagePath('property/single')}?pay=bnb`} data-testid={`${testPrefix}-charge-bnb`}>
              <span className="btn__label">{t('property.insufficient.payBnb')}</span>
            </Link>
            <Button variant="ghost" block onClick={onClose}>
              {t('common.later')}
            </Button>
          </div>
        </>
      ) : asset === 'usdt' || asset === 'coin' ? (
        <>
          <p className="modal__text">{t('exchange.rechargeHint', { symbol })}</p>
          <div className="modal__actions">
            <Link
              className="btn btn--primary btn--block"
              to={`${pagePath('property/recharge')}${asset === 'coin' ? '?asset=coin' : ''}`}
              data-testid={`${testPrefix}-recharge`}
            >
              <span className="btn__label">{t('exchange.recharge')}</span>
            </Link>
            <Button variant="ghost" block onClick={onClose}>
              {t('common.later')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="modal__text">{t('property.insufficient.points', { symbol })}</p>
          <div className="modal__actions">
            <Button variant="secondary" block onClick={onClose}>
              {t('common.later')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
