import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { Avatar, UserBadge } from '../../../components/ui/user-badge';
import { pagePath } from '../../../lib/pages';
import { showToast } from '../../../lib/toast';
import { useUserInfo } from '../api/get-user-info';
import './user.css';

/** Mine: who is signed in, and who referred them. The address is the server's masked form (first 4 + last 4). */
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
      <Avatar className="profile__avatar" src={info?.avatar} uid={info?.uid ?? 1} size={64} />
      <div className="profile__main">
        <h2 className="profile__name" data-testid="mine-nickname">
          {info ? info.nickname || t('mine.noNickname') : <span className="skeleton" />}
        </h2>
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
      <Link className="chip-button profile__edit" to={pagePath('user/setInfo')} data-testid="mine-edit-profile">
        {t('mine.editProfile')}
      </Link>
      <dl className="profile__facts">
        <div>
          <dt>{t('mine.uid')}</dt>
          <dd data-testid="mine-uid">{info?.uid}</dd>
        </div>
        <div>
          <dt>{t('mine.level')}</dt>
          <dd data-testid="mine-level">{info ? t('mine.levelValue', { level: info.level }) : ''}</dd>
        </div>
        {info && (
          <div className="profile__referrer">
            <dt>{t('mine.referrer')}</dt>
            <dd data-testid="mine-referrer">
              {info.referrer ? (
                <UserBadge uid={info.referrer.uid} nickname={info.referrer.nickname} address={info.referrer.address} avatar={info.referrer.avatar} size={32} />
              ) : (
                <span className="muted">{t('mine.noReferrer')}</span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
