import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { Shortfall } from '../model/shortfall';

interface ShortfallSheetProps {
  shortfall: Shortfall;
  /** The server's localized refusal, as the sheet's title. */
  message: string;
  /** Where RUSD is charged: the app layer's link to the funds feature's charge page (a feature never imports another). */
  rusdChargePath: string;
  onClose: () => void;
  testId: string;
}

/**
 * The sheet a shortfall opens (spec §8): 'Insufficient RUSD' offers the RUSD charge page; fuel and trading points
 * are not for sale, so those say so and how to get more.
 */
export function ShortfallSheet({ shortfall, message, rusdChargePath, onClose, testId }: ShortfallSheetProps) {
  const { t } = useTranslation();
  return (
    <Modal title={message} onClose={onClose} testId={testId} text={t(`cards.shortfall.${shortfall}`)}>
      <div className="modal__actions">
        {shortfall === 'rusd' && (
          <Link className="btn btn--primary btn--block" to={rusdChargePath} data-testid={`${testId}-charge`}>
            <span className="btn__label">{t('cards.shortfall.charge')}</span>
          </Link>
        )}
        <Button variant={shortfall === 'rusd' ? 'ghost' : 'secondary'} block onClick={onClose}>
          {t('common.later')}
        </Button>
      </div>
    </Modal>
  );
}
