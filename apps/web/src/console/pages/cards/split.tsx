/**
 * The split tab: the platform's default rule for splitting a card bought past a threshold (leaders may set their
 * team's own); the change is described and asked a second time.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { call } from '../../api';
import { Action, Field, Select } from '../../components/action';
import { useT } from '../../i18n';
import { CENTS, short } from './shared';

export function Split() {
  const t = useT();
  const queryClient = useQueryClient();
  const split = useQuery({ queryKey: ['card-split'], queryFn: () => call(cardsApi.adminGetSplitDefault) });
  const describe = (mode: string, threshold: string | null, amount: string | null) =>
    [
      t(`cards.split.${mode as 'none' | 'full' | 'auto'}`),
      threshold && `${t('cards.splitThreshold')} ${threshold}`,
      amount && `${t('cards.splitAmount')} ${amount}`,
    ]
      .filter(Boolean)
      .join(' · ');
  if (split.error) return <p className="state state--failed">{t('common.failed', { message: split.error.message })}</p>;
  if (!split.data) return <p className="state">{t('common.loading')}</p>;
  const current = split.data;
  return (
    <>
      <p className="note">{t('cards.splitNote')}</p>
      <p data-testid="split-default">{describe(current.mode, current.threshold, current.amount)}</p>
      <div className="actions">
        <Action
          label={t('articles.edit')}
          testId="edit-split"
          endpoint={cardsApi.adminSetSplitDefault}
          fields={
            <>
              <Select
                label={t('cards.splitMode')}
                name="mode"
                values={cardsApi.SPLIT_MODES}
                value={current.mode}
                show={(v) => t(`cards.split.${v as 'none'}`)}
              />
              <Field label={t('cards.splitThreshold')} name="threshold" defaultValue={short(current.threshold)} inputMode="decimal" pattern={CENTS} />
              <Field label={t('cards.splitAmount')} name="amount" defaultValue={short(current.amount)} inputMode="decimal" pattern={CENTS} />
            </>
          }
          confirm={(form) => describe(String(form.get('mode')), String(form.get('threshold') ?? '') || null, String(form.get('amount') ?? '') || null)}
          run={async (form) => {
            const mode = String(form.get('mode')) as 'none' | 'full' | 'auto';
            const threshold = String(form.get('threshold') ?? '').trim();
            const amount = String(form.get('amount') ?? '').trim();
            // Only what the mode uses is sent: none takes neither, full a threshold, auto both.
            await call(cardsApi.adminSetSplitDefault, {
              body: { mode, ...(mode !== 'none' && threshold && { threshold }), ...(mode === 'auto' && amount && { amount }) },
            });
            await queryClient.invalidateQueries();
          }}
        />
      </div>
    </>
  );
}
