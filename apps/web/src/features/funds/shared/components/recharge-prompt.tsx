import { useTranslation } from '../../../../i18n';
import { Link } from 'react-router-dom';
import type { AssetKey } from '@reef/contract';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { pagePath } from '../../../../lib/pages';

interface RechargePromptProps {
  /** The asset that ran short. */
  asset: AssetKey;
  symbol: string;
  /** The server's localized refusal, as the sheet's title. */
  message: string;
  onClose: () => void;
  /** Test ids: the sheet is `<prefix>-recharge-prompt`, its links `<prefix>-recharge`, `<prefix>-charge-usdt|bnb`. */
  testPrefix: string;
  /** For USDT and the coin: what to do after topping up, in the form's own words ("…then transfer again"); the exchange's by default. */
  rechargeHint?: string;
}

/**
 * The sheet a refusal for 'Insufficient balance' opens (spec §8: 'Insufficient RUSD' offers the recharge). Each
 * asset leads where it can be topped up: USDT and the coin to the on-chain recharge, RUSD to the RUSD charge,
 * paid with USDT from the balance or with BNB from the wallet. Points cannot be bought, so they only say so.
 */
export function RechargePrompt({ asset, symbol, message, onClose, testPrefix, rechargeHint }: RechargePromptProps) {
  const { t } = useTranslation();
  const testId = `${testPrefix}-recharge-prompt`;
  const prompt: { text: string; links: { to: string; testId: string; label: string; variant: 'primary' | 'secondary' }[] } =
    asset === 'rusd'
      ? {
          text: t('property.insufficient.rusd'),
          links: [
            { to: pagePath('property/single'), testId: `${testPrefix}-charge-usdt`, label: t('property.insufficient.payUsdt'), variant: 'primary' },
            {
              to: `${pagePath('property/single')}?pay=bnb`,
              testId: `${testPrefix}-charge-bnb`,
              label: t('property.insufficient.payBnb'),
              variant: 'secondary',
            },
          ],
        }
      : asset === 'usdt' || asset === 'coin'
        ? {
            text: rechargeHint ?? t('exchange.rechargeHint', { symbol }),
            links: [
              {
                to: `${pagePath('property/recharge')}${asset === 'coin' ? '?asset=coin' : ''}`,
                testId: `${testPrefix}-recharge`,
                label: t('exchange.recharge'),
                variant: 'primary',
              },
            ],
          }
        : { text: t('property.insufficient.points', { symbol }), links: [] };
  return (
    <Modal title={message} onClose={onClose} testId={testId} text={prompt.text}>
      <div className="modal__actions">
        {prompt.links.map((link) => (
          <Link key={link.testId} className={`btn btn--${link.variant} btn--block`} to={link.to} data-testid={link.testId}>
            <span className="btn__label">{link.label}</span>
          </Link>
        ))}
        {/* With somewhere to go, "Later" steps back as a ghost; alone, it is the modal's one real action. */}
        <Button variant={prompt.links.length > 0 ? 'ghost' : 'secondary'} block onClick={onClose}>
          {t('common.later')}
        </Button>
      </div>
    </Modal>
  );
}
