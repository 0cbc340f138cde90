import { useTranslation } from '../../../i18n';
import { PageLinks } from '../../../components/ui/page-links';
import type { PageId } from '../../../lib/pages';

/** A row of ways to the feature's other pages; each label is the page's title. */
export function CardsLinks({ pages, testId }: { pages: readonly PageId[]; testId: string }) {
  const { t } = useTranslation();
  return <PageLinks pages={pages} label={t('cards.links')} testId={testId} />;
}
