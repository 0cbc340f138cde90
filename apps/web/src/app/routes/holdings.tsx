import { Navigate } from 'react-router-dom';
import { pagePath } from '../../lib/pages';

/**
 * pages/index/property — the holdings showed the same balances as the funds page in another format; the two are
 * one page now (decision 045), and the old address, kept for links and bookmarks, opens it.
 */
export default function HoldingsRoute() {
  return <Navigate to={pagePath('property/index')} replace />;
}
