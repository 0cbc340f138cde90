import { useTranslation } from 'react-i18next';
import { Fish } from '../../../components/ui/art/fish';
import { ErrorState } from '../../../components/ui/error-state';
import { showToast } from '../../../lib/toast';
import { useUserInfo } from '../api/get-user-info';
import './user.css';

/** Mine: who is signed in. The address is the server's masked form (first 4 + last 4). */
export function ProfileCard() {
  const { t } = useTranslation();
  const user = useUserInfo();

  if (user.isError) {
    return <ErrorState onRetry={user.refetch} as="section" />;
  }

  const info = user.data;
  const copy = async () => {
    if (!info) return;
    try {
      await navigator.clipboard.writeText(info.account);
      showToast(t('mine.copied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };

  return (
    <section className="card profile" aria-busy={info === undefined || undefined}>
      <div className="profile__avatar" aria-hidden="true">
        <Fish body="#ff8a4c" fin="#ffd37a" striped />
      </div>
      <div className="profile__main">
        <h2 className="profile__name">{info ? info.nickname || t('mine.noNickname') : <span className="skeleton" />}</h2>
        <p className="profile__address">
          <span className="sr-only">{t('mine.address')}: </span>
          <span data-testid="mine-address">{info?.address}</span>
          {info && (
            <button type="button" className="chip-button" onClick={() => void copy()}>
              {t('mine.copy')}
            </button>
          )}
        </p>
      </div>
      <dl className="profile__facts">
        <div>
          <dt>{t('mine.uid')}</dt>
          <dd data-testid="mine-uid">{info?.uid}</dd>
        </div>
        <div>
          <dt>{t('mine.level')}</dt>
          <dd data-testid="mine-level">{info ? t('mine.levelValue', { level: info.level }) : ''}</dd>
        </div>
      </dl>
    </section>
  );
}
