import { useTranslation } from '../../i18n';
import { ComingSoon } from '../../components/ui/coming-soon';
import { NavBar } from '../../components/ui/nav-bar';
import { NAV_BAR_PAGES, type PageId } from '../../lib/pages';

/** Every spec §2 page that is not built yet. */
export default function ComingSoonRoute({ pageId }: { pageId: PageId }) {
  const { t } = useTranslation();
  const title = t(`titles.${pageId}`);
  if (!NAV_BAR_PAGES.includes(pageId)) return <ComingSoon title={title} />;
  return (
    <div className="page page--with-nav">
      <NavBar title={title} />
      <ComingSoon title={title} withBackButton={false} />
    </div>
  );
}
