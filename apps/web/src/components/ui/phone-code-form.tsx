import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { callingCode, DEFAULT_PHONE_COUNTRY, PHONE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS, PHONE_COUNTRIES, toE164, type PhoneCountry } from '@reef/contract';
import { localeTag, useTranslation } from '../../i18n';
import { toastError } from '../../lib/api-client';
import { ApiError } from '../../lib/api-request';
import { useCountdown } from '../../lib/use-countdown';
import { useGuardedSubmit } from '../../lib/submit-guard';
import { Button } from './button';
import './phone-code-form.css';

interface PhoneCodeFormProps {
  /** Sends a code to the E.164 number; throws the server's refusal, which the form shows under the field it is about. */
  onSend(phone: string): Promise<void>;
  /** Throws the server's refusal, shown the same way. */
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
 * The field a refusal is about, so it shows under that field (issue 25 §10): the number's (not a number, sent too
 * soon, too many sends, taken, not bound, the gateway down) or the code's (wrong, expired, locked). Anything else —
 * the network, an unknown code — is not about what was typed and stays a toast.
 */
export function fieldOfRefusal(code: string): 'phone' | 'code' | null {
  if (code === 'PHONE_CODE_INVALID' || code === 'PHONE_CODE_EXPIRED' || code === 'PHONE_CODE_LOCKED') return 'code';
  if (/^PHONE_|^SMS_/.test(code)) return 'phone';
  return null;
}

/**
 * "+886 Taiwan" in the app's language: names from the browser, so the picker needs no catalogue of countries; the code
 * first, so a narrow phone that clips the closed picker still shows it.
 */
function countryLabels(language: string): Map<PhoneCountry, string> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    // A browser without region names still shows the calling codes.
  }
  return new Map(PHONE_COUNTRIES.map((country) => [country, `${callingCode(country)} ${names?.of(country) ?? country}`]));
}

/**
 * A country picker beside the phone number, a "send code" button that counts down 60 s after each send (spec §5), and
 * the 6-digit code: the one form behind phone sign-in and binding a phone (decisions 076, 118). What people type is
 * read as a national number of the picked country (trunk 0 dropped) unless it starts with '+', and sent as E.164.
 * A refusal stays under its field until that field is edited, not in a toast gone in seconds (issue 25 §10).
 */
export function PhoneCodeForm({ onSend, onSubmit, submitLabel, busy, testId }: PhoneCodeFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [country, setCountry] = useState<PhoneCountry>(() => DEFAULT_PHONE_COUNTRY[i18n.language]);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown(resendAt, null, () => setResendAt(null));
  const waiting = countdown !== null && !countdown.done;
  const labels = useMemo(() => countryLabels(localeTag(i18n.language)), [i18n.language]);

  /** The number as E.164, or null with the reason shown under the field. */
  const normalised = () => {
    const value = toE164(phone, country);
    if (value === null) setPhoneError(t('phone.invalid'));
    return value;
  };
  const showRefusal = (error: unknown) => {
    const field = error instanceof ApiError ? fieldOfRefusal(error.code) : null;
    if (field === 'phone') setPhoneError((error as ApiError).message);
    else if (field === 'code') setCodeError((error as ApiError).message);
    else toastError(error);
  };

  // The number is checked before the guard: a tap refused here starts no 500 ms window that would swallow the next
  // tap, made a moment later on the corrected number.
  const guardedSend = useGuardedSubmit(async (number: string) => {
    setSending(true);
    try {
      await onSend(number);
      setResendAt(Date.now() + PHONE_CODE_RESEND_SECONDS * 1000);
      // A new code answers "wrong", "expired" and "locked": the old code's refusal no longer applies.
      setCodeError(null);
    } catch (error) {
      showRefusal(error);
    } finally {
      setSending(false);
    }
  });
  const send = () => {
    const number = normalised();
    if (number !== null) guardedSend(number);
  };
  const guardedSubmit = useGuardedSubmit(async (number: string, typed: string) => {
    try {
      await onSubmit(number, typed);
    } catch (error) {
      showRefusal(error);
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== PHONE_CODE_LENGTH) return;
    const number = normalised();
    if (number !== null) guardedSubmit(number, code);
  };

  const phoneErrorId = `${id}-phone-error`;
  const codeErrorId = `${id}-code-error`;
  return (
    <form className="form phone-code-form" noValidate onSubmit={submit} data-testid={testId}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-phone`}>
          {t('phone.number')}
        </label>
        <span className="phone-code-form__row">
          <select
            className="select field__input phone-code-form__country"
            aria-label={t('phone.country')}
            value={country}
            onChange={(event) => {
              setCountry(event.target.value as PhoneCountry);
              setPhoneError(null);
            }}
            data-testid={`${testId}-country`}
          >
            {PHONE_COUNTRIES.map((option) => (
              <option key={option} value={option}>
                {labels.get(option)}
              </option>
            ))}
          </select>
          <input
            id={`${id}-phone`}
            className="field__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={32}
            value={phone}
            placeholder={t('phone.numberPlaceholder')}
            aria-invalid={phoneError !== null}
            aria-describedby={phoneError === null ? undefined : phoneErrorId}
            onChange={(event) => {
              setPhone(event.target.value);
              setPhoneError(null);
            }}
            data-testid={`${testId}-phone`}
          />
        </span>
        {phoneError !== null && (
          <p id={phoneErrorId} className="form-warning" role="alert" data-testid={`${testId}-phone-error`}>
            {phoneError}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('phone.code')}
        </label>
        <span className="phone-code-form__row">
          <input
            id={`${id}-code`}
            className="field__input phone-code-form__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LENGTH}
            pattern="[0-9]*"
            value={code}
            placeholder={t('phone.codePlaceholder', { length: PHONE_CODE_LENGTH })}
            aria-invalid={codeError !== null}
            aria-describedby={codeError === null ? undefined : codeErrorId}
            onChange={(event) => {
              setCode(codeInputValue(event.target.value));
              setCodeError(null);
            }}
            data-testid={`${testId}-code`}
          />
          <Button variant="secondary" busy={sending} disabled={waiting || phone.trim() === ''} onClick={send} data-testid={`${testId}-send`}>
            {waiting ? t('phone.resendIn', { seconds: countdown.seconds + countdown.minutes * 60 }) : t('phone.send')}
          </Button>
        </span>
        {codeError !== null && (
          <p id={codeErrorId} className="form-warning" role="alert" data-testid={`${testId}-code-error`}>
            {codeError}
          </p>
        )}
      </div>
      <Button type="submit" block busy={busy} disabled={code.length !== PHONE_CODE_LENGTH} data-testid={`${testId}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}
