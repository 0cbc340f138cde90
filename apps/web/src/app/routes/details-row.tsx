import { Navigate, useLocation } from 'react-router-dom';
import { pagePath } from '../../lib/pages';

/**
 * pages/index/detailsTpl — in the original app the row template of index/details, not a page of its own
 * (decision 020). Its address still works: it opens index/details with the same query.
 */
export default function DetailsRowRoute() {
  const { search } = useLocation();
  return <Navigate to={`${pagePath('index/details')}${search}`} replace />;
}
