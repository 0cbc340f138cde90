import { useTranslation } from '../../i18n';
import { useUpdateAvailable } from '../../lib/app-version';

/** 'Update available' (decision 077): this build is older than the oldest the server supports; a reload fetches the new one. */
export function UpdateBanner() {
  const { t } = useTranslation();
  if (!useUpdateAvailable()) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-available">
      <span>{t('app.updateAvailable')}</span>
      <button type="button" className="chip-button" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </div>
  );
}
