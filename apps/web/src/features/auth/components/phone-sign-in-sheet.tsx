import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Modal } from '../../../components/ui/modal';
import { PhoneCodeForm } from '../../../components/ui/phone-code-form';
import { HOME_PATH } from '../../../lib/pages';
import { closeLoginPrompt, startSession, takeReturnUrl } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { loginMobile, sendLoginCode } from '../api/phone-sign-in';

/**
 * Sign-in with a phone number bound to a wallet account (decision 076): the session is the same as a wallet sign-in's,
 * and the app goes where a wallet sign-in would (the page saved at a forced logout, or Home).
 */
export function PhoneSignInSheet({ onClose, onSignedIn }: { onClose(): void; onSignedIn(): Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  // Refusals are thrown to the form, which shows them under the field they are about (issue 25 §10).
  const send = async (phone: string) => {
    await sendLoginCode(phone);
    showToast(t('phone.sent'));
  };
  const submit = async (phone: string, code: string) => {
    setBusy(true);
    try {
      const { token, account } = await loginMobile(phone, code);
      startSession(token, account);
      closeLoginPrompt();
      onClose();
      await onSignedIn().catch(() => undefined);
      navigate(takeReturnUrl() ?? HOME_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('phone.signInTitle')} onClose={onClose} testId="phone-sign-in" text={t('phone.signInHint')}>
      <PhoneCodeForm onSend={send} onSubmit={submit} submitLabel={t('phone.signIn')} busy={busy} testId="phone-sign-in-form" />
    </Modal>
  );
}
