import { useTranslation } from '../../i18n';
import { useGoBack } from '../../lib/use-go-back';
import { BackIcon } from './art/icons';

/** The native-style navigation bar that spec §2 gives index/details and property/propDetails. */
export function NavBar({ title }: { title: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="nav-bar">
      <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
        <BackIcon />
      </button>
      <h1 className="nav-bar__title">{title}</h1>
      <span className="nav-bar__spacer" />
    </header>
  );
}

/** A back button floating over a page that hides the navigation bar. */
export function BackButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button type="button" className={`icon-button icon-button--glass ${className ?? ''}`} onClick={goBack} aria-label={t('common.back')}>
      <BackIcon />
    </button>
  );
}
