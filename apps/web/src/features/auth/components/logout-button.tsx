import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n';
import { LogoutIcon } from '../../../components/ui/art/icons';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { useAuth } from './auth-context';

/** Logout asks first, and sticks: the next launch waits for a tap on Sign in (decision 044). */
export function LogoutButton() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const close = useCallback(() => setConfirming(false), []);
  const onConfirm = useGuardedSubmit(async () => {
    setConfirming(false);
    await logout({ announce: true, explicit: true });
  });
  return (
    <>
      <Button variant="danger" block onClick={() => setConfirming(true)} data-testid="logout">
        <LogoutIcon /> {t('auth.logout')}
      </Button>
      {/* Into the body: on the Mine tab the tab bar's layer would otherwise cover the sheet's buttons. */}
      {confirming &&
        createPortal(
          <Modal
            title={t('auth.logoutConfirmTitle')}
            onClose={close}
            testId="logout-confirm"
            text={t('auth.logoutConfirmText')}
            actions={
              <>
                <Button variant="danger" block onClick={onConfirm} data-testid="logout-confirm-yes">
                  {t('auth.logout')}
                </Button>
                <Button variant="ghost" block onClick={close}>
                  {t('common.cancel')}
                </Button>
              </>
            }
          />,
          document.body,
        )}
    </>
  );
}
