import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { useAuth } from './auth-context';

/** Where the buttons stand: how loud the phone way is beside the wallet's, and the test ids. */
const PLACES = {
  page: { phoneVariant: 'ghost', wallet: 'sign-in', phone: 'sign-in-phone' },
  prompt: { phoneVariant: 'secondary', wallet: 'login-prompt-sign-in', phone: 'login-prompt-phone' },
} as const;

/**
 * The two ways to sign in, the wallet first: on the signed-out page and in the prompt a lapsed session opens.
 * `beforePhone` runs before the phone sheet opens (the prompt closes itself; the saved page stays).
 */
export function SignInButtons({ place, beforePhone }: { place: keyof typeof PLACES; beforePhone?: () => void }) {
  const { t } = useTranslation();
  const { signIn, signingIn, signInWithPhone } = useAuth();
  const onSignIn = useGuardedSubmit(signIn);
  const { phoneVariant, wallet, phone } = PLACES[place];
  return (
    <>
      <Button variant="primary" block busy={signingIn} onClick={onSignIn} data-testid={wallet}>
        {signingIn ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <Button
        variant={phoneVariant}
        block
        onClick={() => {
          beforePhone?.();
          signInWithPhone();
        }}
        data-testid={phone}
      >
        {t('auth.signInPhone')}
      </Button>
    </>
  );
}
