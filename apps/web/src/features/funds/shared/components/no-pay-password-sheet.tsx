import { Link } from 'react-router-dom';
import { useTranslation } from '../../../../i18n';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { payPasswordPath } from '../../../../lib/pages';

/**
 * A transfer or a withdrawal asked for without a transaction password set: say so, and offer the settings page,
 * which comes back to `back` once the password is set.
 */
export function NoPayPasswordSheet({ kind, back, onClose }: { kind: 'transfer' | 'withdraw'; back: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t(`${kind}.noPasswordTitle`)}
      onClose={onClose}
      testId={`${kind}-no-password`}
      text={t(`${kind}.noPassword`)}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Link className="btn btn--primary" to={payPasswordPath(back)} data-testid={`${kind}-set-password`}>
            <span className="btn__label">{t(`${kind}.setPassword`)}</span>
          </Link>
        </>
      }
    />
  );
}
