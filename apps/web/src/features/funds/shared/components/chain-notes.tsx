import { useTranslation } from '../../../../i18n';
import { chainFailure } from '../model/failure-reason';

/** How far a pending payment has come: its confirmations out of those required. */
export function ConfirmationsNote({ confirmations, required, testId }: { confirmations: number; required: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="bill__memo" data-testid={testId}>
      {t('recharge.confirmations', { count: Math.min(confirmations, required), required })}
    </span>
  );
}

/** A transaction hash, shortened to its ends; the whole of it on hover. */
export function TxHashNote({ hash }: { hash: string }) {
  return (
    <span className="bill__memo" title={hash}>
      {`${hash.slice(0, 10)}…${hash.slice(-8)}`}
    </span>
  );
}

/** A chain failure's own label, or the generic one for any code the client does not know. */
export function useFailureText(): (code: string | null) => string {
  const { t } = useTranslation();
  return (code) => {
    const known = chainFailure(code);
    return known === null ? t('errors.generic') : t(`property.failures.${known}`);
  };
}
