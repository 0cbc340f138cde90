import { useSearchParams } from 'react-router-dom';
import { idParam, isSuccessKind, TradingSuccess } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/success?kind=&id= — a buy order placed, a card listed or renewed. */
export default function TradingSuccessRoute() {
  const [search] = useSearchParams();
  const kind = search.get('kind');
  return (
    <SubPage page="trading/success">
      <TradingSuccess kind={isSuccessKind(kind) ? kind : 'order'} id={idParam(search.get('id'))} />
    </SubPage>
  );
}
