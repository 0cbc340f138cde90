import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AssetKey } from '@reef/contract';
import { useTranslation } from '../../i18n';
import { formatGroupedAmount } from '../../lib/amount-format';
import { ApiError } from '../../lib/api-request';
import { rechargeLinks, shortfallToShow, type RechargeLink } from '../../lib/recharge-shortfall';
import { Button } from './button';
import { Modal } from './modal';
import './recharge-prompt.css';

/** The ledger's refusal of a spend the balance does not cover (packages/contract error codes). */
export const INSUFFICIENT_BALANCE = 'INSUFFICIENT_BALANCE';

interface RechargeContentProps {
  /** The asset that is short: it decides where the links lead. */
  asset: AssetKey;
  symbol: string;
  /** How much is missing, exact (`lib/recharge-shortfall.ts`); shown rounded up. Left out when not known. */
  short?: string | null;
  /** Test ids: the links are `<prefix>-recharge`, `<prefix>-charge-usdt|bnb`, the shortfall `<prefix>-recharge-short`. */
  testPrefix: string;
  /** For USDT and the coin: what to do after the deposit, in the spend's own words ("…then transfer again"). */
  rechargeHint?: string;
}

const LINK_LABELS = {
  recharge: 'rechargePrompt.recharge',
  chargeUsdt: 'rechargePrompt.payUsdt',
  chargeBnb: 'rechargePrompt.payBnb',
} as const satisfies Record<RechargeLink['way'], string>;

const LINK_TEST_IDS: Record<RechargeLink['way'], string> = { recharge: 'recharge', chargeUsdt: 'charge-usdt', chargeBnb: 'charge-bnb' };

/** The sentence, the shortfall and the links, the same in the sheet and in a form. */
function useRechargeContent({ asset, symbol, short, testPrefix, rechargeHint }: RechargeContentProps) {
  const { t } = useTranslation();
  const links = rechargeLinks(asset);
  const text =
    asset === 'rusd'
      ? t('rechargePrompt.rusd')
      : links.length > 0
        ? (rechargeHint ?? t('rechargePrompt.hint', { symbol }))
        : t('rechargePrompt.points', { symbol });
  const shortLine =
    short === undefined || short === null ? null : (
      <p className="recharge-prompt__short" data-testid={`${testPrefix}-recharge-short`}>
        {t('rechargePrompt.short', { amount: formatGroupedAmount(shortfallToShow(short)), symbol })}
      </p>
    );
  const actions = links.map((link, index) => (
    <Link
      key={link.way}
      className={`btn btn--${index === 0 ? 'primary' : 'secondary'} btn--block`}
      to={link.to}
      data-testid={`${testPrefix}-${LINK_TEST_IDS[link.way]}`}
    >
      <span className="btn__label">{t(LINK_LABELS[link.way])}</span>
    </Link>
  ));
  return { text, shortLine, actions };
}

interface RechargePromptProps extends RechargeContentProps {
  /** The sheet's title: the server's localized refusal, or what ran short. */
  message: string;
  onClose: () => void;
}

/**
 * The sheet a short balance opens (spec §8: 'Insufficient RUSD' offers the recharge; a short balance is refused with
 * a top-up prompt). Each asset leads where it can be topped up (`rechargeLinks`); points cannot be, so they say so.
 * Every spend opens this one sheet (decision 121): the transfer, the exchange, the cards, the miner, the pledge, the
 * games and the shop. The sheet is `<prefix>-recharge-prompt`.
 */
export function RechargePrompt({ message, onClose, ...content }: RechargePromptProps) {
  const { t } = useTranslation();
  const { text, shortLine, actions } = useRechargeContent(content);
  return (
    <Modal title={message} onClose={onClose} testId={`${content.testPrefix}-recharge-prompt`}>
      {shortLine}
      <p className="modal__text">{text}</p>
      <div className="modal__actions">
        {actions}
        {/* With somewhere to go, "Later" steps back as a ghost; alone, it is the sheet's one real action. */}
        <Button variant={actions.length > 0 ? 'ghost' : 'secondary'} block onClick={onClose}>
          {t('common.later')}
        </Button>
      </div>
    </Modal>
  );
}

interface RechargeNoticeProps extends RechargeContentProps {
  /** A first line saying what is short, when the form does not say it already. */
  title?: string;
  short: string;
}

/**
 * The same prompt inside a form, before anything is sent: shown while the cost is above the balance (computed exactly),
 * with the confirmation held back, so the user learns what is missing and where to get it before confirming rather
 * than from a refusal. The block is `<prefix>-recharge-notice`.
 */
export function RechargeNotice({ title, ...content }: RechargeNoticeProps) {
  const { text, shortLine, actions } = useRechargeContent(content);
  return (
    <div className="recharge-notice" role="alert" data-testid={`${content.testPrefix}-recharge-notice`}>
      {title !== undefined && <p className="recharge-notice__title">{title}</p>}
      {shortLine}
      <p className="recharge-notice__text">{text}</p>
      {actions.length > 0 && <div className="recharge-notice__actions">{actions}</div>}
    </div>
  );
}

interface ShortSpend {
  asset: AssetKey;
  symbol: string;
  /** The localized refusal or the form's own words for the title. */
  message: string;
  short?: string | null;
}

/**
 * A money form's side of the prompt: `offer(error, spend)` takes the server's INSUFFICIENT_BALANCE and opens the sheet
 * (answering whether it took the error, so the form keeps its own handling for the rest); `open(spend)` opens it for
 * a refusal that came as an answer (a shop order marked failed). `sheet` is rendered by the form.
 */
export function useRechargePrompt(
  testPrefix: string,
  rechargeHint?: string,
): {
  offer: (error: unknown, spend: Omit<ShortSpend, 'message'>) => boolean;
  open: (spend: ShortSpend) => void;
  sheet: ReactNode;
} {
  const [spend, setSpend] = useState<ShortSpend | null>(null);
  const offer = useCallback((error: unknown, short: Omit<ShortSpend, 'message'>) => {
    if (!(error instanceof ApiError) || error.code !== INSUFFICIENT_BALANCE) return false;
    setSpend({ ...short, message: error.message });
    return true;
  }, []);
  const close = useCallback(() => setSpend(null), []);
  const sheet =
    spend === null ? null : (
      <RechargePrompt
        asset={spend.asset}
        symbol={spend.symbol}
        message={spend.message}
        short={spend.short}
        onClose={close}
        testPrefix={testPrefix}
        rechargeHint={rechargeHint}
      />
    );
  return { offer, open: setSpend, sheet };
}
