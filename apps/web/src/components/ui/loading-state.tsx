import { useTranslation } from '../../i18n';
import { Spinner } from './spinner';

interface LoadingStateProps {
  size?: 'small' | 'large';
  /** The element it renders as, where the parent needs one (an `li` inside a list). */
  as?: 'div' | 'li';
}

/** A centred spinner while the first answer is on its way; screen readers hear "Loading". */
export function LoadingState({ size = 'large', as: Tag = 'div' }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <Tag className="list-loading">
      <Spinner size={size} />
      <span className="sr-only">{t('common.loading')}</span>
    </Tag>
  );
}
