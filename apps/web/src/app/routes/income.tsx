import { IncomeOverview } from '../../features/income';
import { SubPage } from '../layouts/sub-page';

/** pages/index/income — reward income per kind, in all and today. */
export default function IncomeRoute() {
  return (
    <SubPage page="index/income">
      <IncomeOverview />
    </SubPage>
  );
}
