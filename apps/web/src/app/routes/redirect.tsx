import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState } from '../../components/ui/loading-state';
import { HOME_PATH } from '../../lib/pages';
import { takeReturnUrl, useSession } from '../../lib/session';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/redirect/redirect (spec §2, §4): the in-app way back to the page saved at a forced logout. Signed in, it goes
 * there at once (Home when nothing was saved) and leaves no history entry; signed out, it asks for a sign-in first,
 * which comes back to the same saved page.
 */
export default function RedirectRoute() {
  const { token } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (token !== null) navigate(takeReturnUrl() ?? HOME_PATH, { replace: true });
  }, [token, navigate]);
  return (
    <SubPage page="redirect/redirect">
      <LoadingState />
    </SubPage>
  );
}
