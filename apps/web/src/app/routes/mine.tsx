import { useTranslation } from '../../i18n';
import { Link } from 'react-router-dom';
import { LogoutButton, NotLoggedIn } from '../../features/auth';
import { UnreadBadge, useUnreadTotal } from '../../features/chat/unread';
import { OrderCounters } from '../../features/shop';
import { LanguageSelect, ProfileCard } from '../../features/user';
import { LIABILITIES_ROUTES } from '../../features/liabilities/model/paths';
import { pagePath } from '../../lib/pages';
import { useSession } from '../../lib/session';
import { TabHero } from '../layouts/tab-hero';

/** pages/user/user — the Mine tab. */
export default function MineRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const unread = useUnreadTotal();
  return (
    <div className="page page--tab">
      <TabHero title={t('titles.user/user')} />
      <div className="page__body page__body--raised">
        {token ? <ProfileCard /> : <NotLoggedIn />}
        {token && <OrderCounters />}
        <section className="card settings" aria-label={t('mine.settings')}>
          <LanguageSelect />
          {token && (
            <Link className="row-link" to={`${pagePath('chat/index')}?segment=messages`} data-testid="mine-chat">
              <span>{t('chat.mineEntry')}</span>
              <span>
                <UnreadBadge count={unread} testId="mine-chat-unread" /> <span aria-hidden="true">›</span>
              </span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('user/record')} data-testid="mine-records">
              <span>{t('titles.user/record')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('cards/order')} data-testid="mine-cards">
              <span>{t('titles.cards/order')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('user/gameRoom')} data-testid="mine-game-room">
              <span>{t('titles.user/gameRoom')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('pledge/myList')} data-testid="mine-pledges">
              <span>{t('titles.pledge/myList')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('mining/index')} data-testid="mine-miners">
              <span>{t('mining.mineEntry')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('community/index')} data-testid="mine-community">
              <span>{t('titles.community/index')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('user/spread')} data-testid="mine-spread">
              <span>{t('titles.user/spread')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={pagePath('user/password')} data-testid="mine-password">
              <span>{t('titles.user/password')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          {token && (
            <Link className="row-link" to={LIABILITIES_ROUTES.verify} data-testid="mine-verify-balance">
              <span>{t('liabilities.verifyTitle')}</span>
              <span aria-hidden="true">›</span>
            </Link>
          )}
          <Link className="row-link" to={LIABILITIES_ROUTES.published} data-testid="mine-liabilities">
            <span>{t('liabilities.title')}</span>
            <span aria-hidden="true">›</span>
          </Link>
          <Link className="row-link" to={pagePath('article/index')} data-testid="mine-articles">
            <span>{t('titles.article/index')}</span>
            <span aria-hidden="true">›</span>
          </Link>
        </section>
        {token && <LogoutButton />}
      </div>
    </div>
  );
}
