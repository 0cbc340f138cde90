import { useTranslation } from '../../../i18n';
import { ReefScene } from '../../../components/ui/art/reef-scene';

/** The Red Sea header of the home tab. */
export function HomeHeader({ nickname }: { nickname?: string }) {
  const { t } = useTranslation();
  return (
    <header className="hero">
      <ReefScene className="hero__art" />
      <div className="hero__text">
        <p className="hero__brand">{t('app.name')}</p>
        <h1 className="hero__title">{nickname ? t('home.greeting', { name: nickname }) : t('home.welcome')}</h1>
        <p className="hero__tagline">{t('app.tagline')}</p>
      </div>
    </header>
  );
}
