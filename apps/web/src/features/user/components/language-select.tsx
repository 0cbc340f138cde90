import { useId } from 'react';
import { changeLanguage, currentLanguage, useTranslation } from '../../../i18n';
import { isLanguageCode, LANGUAGES } from '@reef/contract';
import { GlobeIcon } from '../../../components/ui/art/icons';
import { showToast } from '../../../lib/toast';
import './user.css';

/** The six languages; the choice is kept in localStorage `language`. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = i18n.language && isLanguageCode(i18n.language) ? i18n.language : currentLanguage();
  return (
    <div className="setting-row">
      <GlobeIcon className="setting-row__icon" />
      <label htmlFor={id} className="setting-row__label">
        {t('mine.language')}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        data-testid="language-select"
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) changeLanguage(code).catch(() => showToast(t('errors.transport')));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
