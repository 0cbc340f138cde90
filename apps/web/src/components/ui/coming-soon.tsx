import { useTranslation } from '../../i18n';
import { useGoBack } from '../../lib/use-go-back';
import { Button } from './button';
import { BackButton } from './nav-bar';
import { StatusScreen } from './status-screen';

/** What a page that is not built yet shows: its title, a note, and a way back. */
export function ComingSoon({ title, withBackButton = true }: { title: string; withBackButton?: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="page page--status">
      {withBackButton && <BackButton className="page__back" />}
      <StatusScreen testId="coming-soon" badge={t('page.comingSoonBadge')} title={title} text={t('page.comingSoonText')}>
        <Button variant="secondary" onClick={goBack}>
          {t('common.back')}
        </Button>
      </StatusScreen>
    </div>
  );
}
