import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../lib/api-request';
import { HOME_PATH } from '../../lib/pages';
import { Button } from './button';
import { Modal } from './modal';

/** The server's refusal of a purchase that pays referral rewards to a buyer with no referrer (decision 119). */
export const REFERRER_REQUIRED = 'REFERRER_REQUIRED';

/**
 * "A referrer must be bound first" (spec §5) at a purchase: the refusal opens a sheet that says why and links to the
 * binding, which lives on the home page (the bind-referrer card shows there until a referrer is bound). `offer` answers
 * whether it took the error, so each money form keeps its own handling for the rest.
 */
export function useReferrerPrompt(testId: string): { offer: (error: unknown) => boolean; sheet: ReactNode } {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const offer = useCallback((error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== REFERRER_REQUIRED) return false;
    setMessage(error.message);
    return true;
  }, []);
  const close = () => setMessage(null);
  const sheet =
    message === null ? null : (
      <Modal title={message} onClose={close} testId={testId} text={t('bind.requiredText')}>
        <div className="modal__actions">
          <Link className="btn btn--primary btn--block" to={HOME_PATH} data-testid={`${testId}-bind`}>
            <span className="btn__label">{t('bind.requiredGo')}</span>
          </Link>
          <Button variant="ghost" block onClick={close}>
            {t('common.later')}
          </Button>
        </div>
      </Modal>
    );
  return { offer, sheet };
}
