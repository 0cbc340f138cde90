import { useCallback } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { closeLoginPrompt, takeReturnUrl, useSession } from '../../../lib/session';
import { SignInButtons } from './sign-in-buttons';

/** Shown after a forced logout (token refused): sign in again and come back to the same page. */
export function LoginPrompt() {
  const { t } = useTranslation();
  const { loginPromptOpen } = useSession();
  const dismiss = useCallback(() => {
    // Declining drops the saved page, so a later sign-in does not jump back to it.
    takeReturnUrl();
    closeLoginPrompt();
  }, []);
  if (!loginPromptOpen) return null;
  return (
    <Modal
      title={t('auth.notLoggedIn')}
      onClose={dismiss}
      testId="login-prompt"
      text={t('auth.sessionEnded')}
      actions={
        <>
          {/* The saved page stays: phone sign-in comes back to it too. */}
          <SignInButtons place="prompt" beforePhone={closeLoginPrompt} />
          <Button variant="ghost" block onClick={dismiss}>
            {t('common.later')}
          </Button>
        </>
      }
    />
  );
}
