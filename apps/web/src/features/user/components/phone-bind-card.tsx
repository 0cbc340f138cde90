import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { PhoneCodeForm } from '../../../components/ui/phone-code-form';
import { showToast } from '../../../lib/toast';
import { sendBindCode, useMyPhone, useVerifyPhone } from '../api/phone';
import { CardSection } from '../../../components/ui/card-section';

/** The profile page's phone: bound (masked) or not, and binding one with a texted code (decision 076). */
export function PhoneBindCard() {
  const { t } = useTranslation();
  const phone = useMyPhone();
  const verify = useVerifyPhone();
  const [editing, setEditing] = useState(false);

  // Refusals are thrown to the form, which shows them under the field they are about (issue 25 §10).
  const send = async (number: string) => {
    await sendBindCode(number);
    showToast(t('phone.sent'));
  };
  const submit = async (number: string, code: string) => {
    await verify.mutateAsync({ phone: number, code });
    showToast(t('phone.bound'));
    setEditing(false);
  };

  if (phone.data === undefined) return null;
  const current = phone.data.phone;
  return (
    <CardSection title={t('phone.bindTitle')} testId="phone-card">
      <p className="muted" data-testid="phone-current">
        {current === null ? t('phone.none') : t('phone.current', { phone: current })}
      </p>
      {editing || current === null ? (
        <>
          <p className="muted">{t('phone.bindHint')}</p>
          <PhoneCodeForm onSend={send} onSubmit={submit} submitLabel={t('phone.bind')} busy={verify.isPending} testId="phone-bind-form" />
        </>
      ) : (
        <Button variant="secondary" block onClick={() => setEditing(true)} data-testid="phone-change">
          {t('phone.change')}
        </Button>
      )}
    </CardSection>
  );
}
