import { useState } from 'react';
import { communityApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { useTranslation } from '../../../i18n';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useContact, useSetContact } from '../api/contact';
import { LineField } from './line-field';
import { CardSection } from '../../../components/ui/card-section';
import './community.css';

/** The contact line I show my team (a leader sees it with my figures): a WeChat id, a phone, a short note. */
export function ContactForm() {
  const { t } = useTranslation();
  const contact = useContact();
  const save = useSetContact();
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const shown = typed ?? contact.data?.contact ?? '';

  const submit = useGuardedSubmit(async () => {
    // The contract's own rule (trimmed, at most 60 characters, no control characters), so the page and the server agree.
    if (!communityApi.contactText.safeParse(shown).success) return setInvalid(true);
    setInvalid(false);
    try {
      await save.mutateAsync(shown);
      setTyped(null);
      showToast(t('team.contact.saved'));
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <CardSection title={t('team.contact.title')} className="team-section">
      <QueryState query={contact}>
        <form className="form" noValidate onSubmit={submit} data-testid="contact-form">
          <LineField
            label={t('team.contact.label')}
            value={shown}
            onChange={setTyped}
            maxLength={communityApi.CONTACT_MAX_LENGTH}
            placeholder={t('team.contact.placeholder')}
            problem={invalid ? t('team.contact.invalid', { max: communityApi.CONTACT_MAX_LENGTH }) : null}
            testId="contact"
          />
          <p className="muted team-note">{t('team.contact.explain')}</p>
          <Button type="submit" block busy={save.isPending} data-testid="contact-save">
            {t('team.contact.save')}
          </Button>
        </form>
      </QueryState>
    </CardSection>
  );
}
