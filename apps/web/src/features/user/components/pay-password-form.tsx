import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { PayPasswordField } from '../../../components/ui/pay-password-field';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useSetPayPassword } from '../api/set-pay-password';
import { useUserInfo } from '../api/get-user-info';
import { checkPayPassword } from '../model/pay-password';

/** pages/user/password: sets the six-digit transaction password, or changes it (old one first); `onDone` after either. */
export function PayPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const user = useUserInfo();
  const save = useSetPayPassword();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const changing = user.data?.has_pay_password ?? false;

  const submit = useGuardedSubmit(async () => {
    const problem = checkPayPassword({ changing, old, password, confirm });
    if (problem !== null) {
      showToast(t(`password.${problem}`));
      return;
    }
    try {
      await save.mutateAsync({ password, confirm, ...(changing ? { old_password: old } : {}) });
      setOld('');
      setPassword('');
      setConfirm('');
      // The first password is set, not changed: say which happened.
      showToast(t(changing ? 'password.success' : 'password.setSuccess'));
      onDone?.();
    } catch (error) {
      toastError(error);
    }
  });

  if (user.isError) {
    return <ErrorState onRetry={user.refetch} as="section" />;
  }

  return (
    <form className="card form" noValidate onSubmit={submit} data-testid="password-form">
      <p className="field__hint" data-testid="password-mode">
        {user.data === undefined ? t('common.loading') : changing ? t('password.changeHint') : t('password.setHint')}
      </p>
      {changing && (
        <PayPasswordField id={`${id}-old`} label={t('password.old')} value={old} onChange={setOld} testId="password-old" autoComplete="current-password" />
      )}
      <PayPasswordField id={`${id}-new`} label={t('password.new')} value={password} onChange={setPassword} testId="password-new" autoComplete="new-password" />
      <PayPasswordField
        id={`${id}-confirm`}
        label={t('password.confirm')}
        value={confirm}
        onChange={setConfirm}
        testId="password-confirm"
        autoComplete="new-password"
      />
      <Button type="submit" block busy={save.isPending} disabled={user.data === undefined} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </form>
  );
}
