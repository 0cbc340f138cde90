import { useTranslation } from 'react-i18next';
import { LogoutIcon } from '../../../components/ui/art/icons';
import { Button } from '../../../components/ui/button';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { useAuth } from './auth-context';

export function LogoutButton() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const onLogout = useGuardedSubmit(() => logout({ announce: true }));
  return (
    <Button variant="danger" block onClick={onLogout} data-testid="logout">
      <LogoutIcon /> {t('auth.logout')}
    </Button>
  );
}
