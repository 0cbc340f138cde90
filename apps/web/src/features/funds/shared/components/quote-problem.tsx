import { useTranslation } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import './funds-form.css';

/** A quote failure in words: the server's localized refusal, or the transport message. */
export function useQuoteProblem(error: Error | null): string | null {
  const { t } = useTranslation();
  if (error === null) return null;
  return error instanceof ApiError ? error.message : t('errors.transport');
}

/** Beside a form whose quote follows the typing: why the last quote failed, instead of a toast per keystroke. */
export function QuoteError({ error, testId }: { error: Error | null; testId: string }) {
  const problem = useQuoteProblem(error);
  if (problem === null) return null;
  return (
    <p className="form-warning" role="alert" data-testid={testId}>
      {problem}
    </p>
  );
}
