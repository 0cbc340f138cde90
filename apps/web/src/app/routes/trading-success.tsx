import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { idParam, isSuccessKind, TradingSuccess } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/trading/success?kind=&id= — titled for what happened (issue 25 §7): a buy order waiting, a card bought, a
 * card listed or renewed; not one "Trade successful" for all four.
 */
export default function TradingSuccessRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const raw = search.get('kind');
  const kind = isSuccessKind(raw) ? raw : 'order';
  return (
    <SubPage page="trading/success" title={t(`cards.success.pageTitle.${kind}`)}>
      <TradingSuccess kind={kind} id={idParam(search.get('id'))} />
    </SubPage>
  );
}
