import { useCallback } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { closeLoginPrompt, takeReturnUrl, useSession } from '../../../lib/session';
import { useAuth } from './auth-context';
import { SignInButtons } from './sign-in-buttons';

/** Shown after a forced logout (token refused): sign in again and come back to the same page. */
export function LoginPrompt() {
  const { t } = useTranslation();
  const { loginPromptOpen } = useSession();
  const { signIn, signingIn, signInWithPhone } = useAuth();
  const onSignIn = useGuardedSubmit(signIn);
  const dismiss = useCallback(() => {
    // Declining drops the saved page, so a later sign-in does not jump back to it.
    takeReturnUrl();
    closeLoginPrompt();
  }, []);
  // The saved page stays: phone sign-in comes back to it too.
  const openPhone = useCallback(() => {
    closeLoginPrompt();
    signInWithPhone();
  }, [signInWithPhone]);
  if (!loginPromptOpen) return null;
  return (
    <Modal
      title={t('auth.notLoggedIn')}
      onClose={dismiss}
      testId="login-prompt"
      text={t('auth.sessionEnded')}
      actions={
        <>
          <SignInButtons
            signingIn={signingIn}
            onSignIn={onSignIn}
            onPhone={openPhone}
            phoneVariant="secondary"
            testIds={{ wallet: 'login-prompt-sign-in', phone: 'login-prompt-phone' }}
          />
          <Button variant="ghost" block onClick={dismiss}>
            {t('common.later')}
          </Button>
        </>
      }
    />
  );
}
