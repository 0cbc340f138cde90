import { useId, useState, type ReactNode } from 'react';
import { PHONE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS } from '@reef/contract';
import { useTranslation } from '../../i18n';
import { useCountdown } from '../../lib/use-countdown';
import { useGuardedSubmit } from '../../lib/submit-guard';
import { Button } from './button';
import { Field } from './field';
import './phone-code-form.css';

interface PhoneCodeFormProps {
  /** Sends a code to the number; resolves false when the server refused (the caller has said why). */
  onSend(phone: string): Promise<boolean>;
  onSubmit(phone: string, code: string): Promise<void>;
  submitLabel: ReactNode;
  busy: boolean;
  testId: string;
}

/** Digits only, at most `PHONE_CODE_LENGTH` (spec §5: a 6-character code). */
export function codeInputValue(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH);
}

/**
 * A phone number, a "send code" button that counts down 60 s after each send (spec §5), and the 6-digit code:
 * the one form behind phone sign-in and binding a phone (decision 076).
 */
export function PhoneCodeForm({ onSend, onSubmit, submitLabel, busy, testId }: PhoneCodeFormProps) {
  const { t } = useTranslation();
  const phoneId = useId();
  const codeId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown(resendAt, null, () => setResendAt(null));
  const waiting = countdown !== null && !countdown.done;

  const send = useGuardedSubmit(async () => {
    if (phone.trim() === '') return;
    setSending(true);
    try {
      if (await onSend(phone.trim())) setResendAt(Date.now() + PHONE_CODE_RESEND_SECONDS * 1000);
    } finally {
      setSending(false);
    }
  });
  const submit = useGuardedSubmit(async () => {
    if (phone.trim() === '' || code.length !== PHONE_CODE_LENGTH) return;
    await onSubmit(phone.trim(), code);
  });

  return (
    <form className="form phone-code-form" noValidate onSubmit={submit} data-testid={testId}>
      <Field label={t('phone.number')} htmlFor={phoneId}>
        <input
          id={phoneId}
          className="field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={32}
          value={phone}
          placeholder={t('phone.numberPlaceholder')}
          onChange={(event) => setPhone(event.target.value)}
          data-testid={`${testId}-phone`}
        />
      </Field>
      <Field label={t('phone.code')} htmlFor={codeId}>
        <span className="phone-code-form__row">
          <input
            id={codeId}
            className="field__input phone-code-form__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LENGTH}
            pattern="[0-9]*"
            value={code}
            placeholder={t('phone.codePlaceholder', { length: PHONE_CODE_LENGTH })}
            onChange={(event) => setCode(codeInputValue(event.target.value))}
            data-testid={`${testId}-code`}
          />
          <Button variant="secondary" busy={sending} disabled={waiting || phone.trim() === ''} onClick={send} data-testid={`${testId}-send`}>
            {waiting ? t('phone.resendIn', { seconds: countdown.seconds + countdown.minutes * 60 }) : t('phone.send')}
          </Button>
        </span>
      </Field>
      <Button type="submit" block busy={busy} disabled={code.length !== PHONE_CODE_LENGTH} data-testid={`${testId}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}
