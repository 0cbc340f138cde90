import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasteInput } from '../../../components/ui/paste-input';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useBindReferrer } from '../api/bind-referrer';
import { useUserInfo } from '../api/get-user-info';
import { parseReferrerInput } from '../model/referrer-input';
import { CardSection } from '../../../components/ui/card-section';

/** "A referrer must be bound first" (spec §5): shown until the user has an invite address. */
export function BindReferrerCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const user = useUserInfo();
  const bind = useBindReferrer();
  const [value, setValue] = useState('');

  const submit = useGuardedSubmit(async () => {
    const input = parseReferrerInput(value);
    if (input.kind === 'empty') return showToast(t('bind.required'));
    // Checked here first, so a typo gets a plain answer rather than the server's generic parameter error.
    if (input.kind === 'invalid') return showToast(t('bind.invalid'));
    try {
      await bind.mutateAsync(input.kind === 'uid' ? { uid: input.uid } : { address: input.address });
      setValue('');
      showToast(t('bind.success'));
    } catch (error) {
      toastError(error);
    }
  });

  if (user.data === undefined || user.data.invite_address !== null) return null;

  return (
    <CardSection title={t('bind.title')} className="bind-card">
      <p className="muted">{t('bind.hint')}</p>
      <form className="form" noValidate onSubmit={submit}>
        <Field label={t('bind.label')}>
          <PasteInput
            id={inputId}
            value={value}
            onChange={setValue}
            placeholder={t('bind.placeholder')}
            testId="bind-address-input"
            pasteTestId="bind-paste"
            className="bind-card__input-row"
            buttonClassName="chip-button bind-card__paste"
          />
        </Field>
        <Button type="submit" block busy={bind.isPending} data-testid="bind-submit">
          {t('bind.submit')}
        </Button>
      </form>
    </CardSection>
  );
}
