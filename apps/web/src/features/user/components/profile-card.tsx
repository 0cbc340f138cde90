import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { Avatar, UserBadge } from '../../../components/ui/user-badge';
import { pagePath } from '../../../lib/pages';
import { CopyValue } from '../../../components/ui/copy-value';
import { useUserInfo } from '../api/get-user-info';
import { shortAccount } from '../model/short-account';
import './user.css';

/**
 * Mine: who is signed in, and who referred them. The header holds at 360 px in every language (issue 25 §3): the
 * nickname on one line with an ellipsis (the whole name in its title), the address shortened with a copy button,
 * and the edit link below them, never squeezing them.
 */
export function ProfileCard() {
  const { t } = useTranslation();
  const user = useUserInfo();

  if (user.isError) {
    return <ErrorState onRetry={user.refetch} as="section" />;
  }

  const info = user.data;
  const nickname = info ? info.nickname || t('mine.noNickname') : undefined;

  return (
    <section className="card profile" aria-busy={info === undefined || undefined}>
      <Avatar className="profile__avatar" src={info?.avatar} uid={info?.uid ?? 1} size={64} />
      <div className="profile__main">
        <h2 className="profile__name" title={nickname} data-testid="mine-nickname">
          {nickname ?? <span className="skeleton" />}
        </h2>
        <p className="profile__address">
          <span className="sr-only">{t('mine.address')}: </span>
          {info && <CopyValue value={info.account} display={shortAccount(info.account)} what={t('mine.address')} testId="mine-address" />}
        </p>
        <p className="profile__badges">
          <Link className="chip-button profile__edit" to={pagePath('user/setInfo')} data-testid="mine-edit-profile">
            {t('mine.editProfile')}
          </Link>
        </p>
      </div>
      <dl className="profile__facts">
        <div>
          <dt>{t('mine.uid')}</dt>
          <dd data-testid="mine-uid">{info?.uid}</dd>
        </div>
        <div>
          <dt>{t('mine.level')}</dt>
          <dd data-testid="mine-level">{info?.level_name}</dd>
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
