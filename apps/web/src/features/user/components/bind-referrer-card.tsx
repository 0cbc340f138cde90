import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useBindReferrer } from '../api/bind-referrer';
import { useUserInfo } from '../api/get-user-info';

/** "A referrer must be bound first" (spec §5): shown until the user has an invite address. */
export function BindReferrerCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const user = useUserInfo();
  const bind = useBindReferrer();
  const [address, setAddress] = useState('');

  const submit = useGuardedSubmit(async () => {
    const value = address.trim();
    if (value === '') {
      showToast(t('bind.required'));
      return;
    }
    try {
      await bind.mutateAsync(value);
      setAddress('');
      showToast(t('bind.success'));
    } catch (error) {
      toastError(error);
    }
  });

  if (user.data === undefined || user.data.invite_address !== null) return null;

  return (
    <section className="card bind-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card__title">
        {t('bind.title')}
      </h2>
      <p className="muted">{t('bind.hint')}</p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('bind.label')}>
          <input
            id={inputId}
            className="field__input"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder={t('bind.placeholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="bind-address-input"
          />
        </Field>
        <Button type="submit" block busy={bind.isPending} data-testid="bind-submit">
          {t('bind.submit')}
        </Button>
      </form>
    </section>
  );
}
