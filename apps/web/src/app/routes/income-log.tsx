import { Navigate, useSearchParams } from 'react-router-dom';
import { IncomeLog, parseRewardKind } from '../../features/income';
import { pagePath } from '../../lib/pages';
import { SubPage } from '../layouts/sub-page';

/** pages/index/incomeTpl?kind=<kind> — the lines of one reward kind; an unknown kind goes back to the income page. */
export default function IncomeLogRoute() {
  const [search] = useSearchParams();
  const kind = parseRewardKind(search.get('kind'));
  if (kind === null) return <Navigate to={pagePath('index/income')} replace />;
  return (
    <SubPage page="index/incomeTpl">
      <IncomeLog key={kind} kind={kind} />
    </SubPage>
  );
}
