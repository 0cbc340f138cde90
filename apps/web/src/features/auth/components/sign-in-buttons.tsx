import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';

interface SignInButtonsProps {
  signingIn: boolean;
  onSignIn: () => void;
  onPhone: () => void;
  /** How loud the phone way is beside the wallet's: a second choice in the prompt, a quiet one on the page. */
  phoneVariant: 'secondary' | 'ghost';
  testIds: { wallet: string; phone: string };
}

/** The two ways to sign in, the wallet first: on the signed-out page and in the prompt a lapsed session opens. */
export function SignInButtons({ signingIn, onSignIn, onPhone, phoneVariant, testIds }: SignInButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="primary" block busy={signingIn} onClick={onSignIn} data-testid={testIds.wallet}>
        {signingIn ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <Button variant={phoneVariant} block onClick={onPhone} data-testid={testIds.phone}>
        {t('auth.signInPhone')}
      </Button>
    </>
  );
}
