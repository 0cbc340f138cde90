import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n';
import type { cardsApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { QueryState } from '../../../components/ui/query-state';
import { Tabs } from '../../../components/ui/tabs';
import { toastError } from '../../../lib/api-client';
import { uniqueRows } from '../../../lib/paged-list';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { trimAmount } from '../../../lib/amount-format';
import { useMyCards } from '../api/list-my-cards';
import { useSetSplitSettings, useSplitSettings } from '../api/split-settings';
import { checkSplitSettings, type SplitMode, type SplitProblem } from '../model/split-input';
import { AutoSellSwitch } from './auto-sell-switch';
import { CardsLinks } from './cards-links';
import { Money } from '../../../components/ui/money';
import { AmountField } from '../../../components/ui/amount-field';
import { FeeBox } from '../../../components/ui/fee-box';
import { CardSection } from '../../../components/ui/card-section';
import './cards.css';

const MODES: readonly SplitMode[] = ['none', 'full', 'auto'];

/** Auto-sell for every card in the warehouse: each is listed by itself at the first session it may be sold in. */
function AutoSellList() {
  const { t } = useTranslation();
  const cards = useMyCards('warehouse');
  const data = cards.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  return (
    <CardSection title={t('cards.autoSell.title')} testId="auto-sell">
      <p className="cards-note">{t('cards.autoSell.explain')}</p>
      <PagedList
        query={cards}
        list={list}
        empty={<CardsEmpty list="held" />}
        renderRow={(card) => (
          <li className="card-list__item" data-card={card.id}>
            <AutoSellSwitch
              cardId={card.id}
              on={card.auto_sell}
              label={t('cards.autoSell.cardLabel', { name: card.name, id: card.id })}
              testId={`auto-sell-${card.id}`}
            />
          </li>
        )}
        testId="auto-sell-more"
      />
    </CardSection>
  );
}

/** A split rule in words: "No split", "Full split from 1,000.0000 RUSD", "Split into 250.0000 RUSD pieces from …". */
function SplitRule({ rule, testId }: { rule: cardsApi.SplitSettings; testId: string }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  return (
    <FeeBox
      testId={testId}
      data-mode={rule.mode}
      rows={[
        { label: t('cards.split.mode'), value: t(`cards.split.modes.${rule.mode}`) },
        rule.threshold !== null && { label: t('cards.split.threshold'), value: <Money value={rule.threshold} symbol={symbols.rusd} /> },
        rule.amount !== null && { label: t('cards.split.amount'), value: <Money value={rule.amount} symbol={symbols.rusd} /> },
      ]}
    />
  );
}

/** The leader's own rule for their team (spec §6): no split, full, automatic; a threshold; a piece amount. */
function SplitForm({ current }: { current: cardsApi.SplitSettings | null }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetSplitSettings();
  const [mode, setMode] = useState<SplitMode>(current?.mode ?? 'none');
  const [threshold, setThreshold] = useState(current?.threshold ? trimAmount(current.threshold) : '');
  const [amount, setAmount] = useState(current?.amount ? trimAmount(current.amount) : '');
  const [problem, setProblem] = useState<SplitProblem | null>(null);
  useEffect(() => setProblem(null), [mode, threshold, amount]);

  const submit = useGuardedSubmit(async () => {
    const checked = checkSplitSettings(mode, threshold, amount);
    setProblem(checked.problem);
    if (checked.body === null) return;
    try {
      await save.mutateAsync(checked.body);
      showToast(t('cards.split.saved'));
    } catch (error) {
      toastError(error);
    }
  });

  const warning = (field: 'threshold' | 'amount') =>
    problem !== null && problem.field === field ? (
      <p className="form-warning" role="alert" data-testid={`split-${field}-problem`}>
        {t(`cards.price.${problem.problem}`)}
      </p>
    ) : null;

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="split-form">
      <Tabs
        label={t('cards.split.mode')}
        tabs={MODES.map((m) => ({ id: m, label: t(`cards.split.modes.${m}`), testId: `split-mode-${m}` }))}
        selected={mode}
        onSelect={setMode}
      />
      {mode !== 'none' && (
        <>
          <AmountField id={`${id}-threshold`} label={t('cards.split.threshold')} value={threshold} onChange={setThreshold} testId="split-threshold" />
          {warning('threshold')}
        </>
      )}
      {mode === 'auto' && (
        <>
          <AmountField id={`${id}-amount`} label={t('cards.split.amount')} value={amount} onChange={setAmount} testId="split-amount" />
          {warning('amount')}
        </>
      )}
      <p className="cards-note">{t(`cards.split.explain.${mode}`)}</p>
      <Button type="submit" block busy={save.isPending} data-testid="split-save">
        {t('cards.split.save')}
      </Button>
    </form>
  );
}

/**
 * The order-split section: a leader edits their team's rule; everyone sees the rule their own cards follow. Shown on
 * trading/set and, composed by the app layer, on community/set (decision 067).
 */
export function SplitSettingsSection() {
  const { t } = useTranslation();
  const query = useSplitSettings();
  const data = query.data;
  return (
    <CardSection title={t('cards.split.title')} testId="split-settings">
      <QueryState query={query}>
        {data !== undefined && (
          <div className="cards-page">
            {data.leader ? (
              <SplitForm current={data.settings} />
            ) : (
              <p className="cards-note" data-testid="split-not-leader">
                {t('cards.split.notLeader')}
              </p>
            )}
            <p className="cards-note">{t('cards.split.effective')}</p>
            <SplitRule rule={data.effective} testId="split-effective" />
          </div>
        )}
      </QueryState>
    </CardSection>
  );
}

/** trading/set: auto-sell per card, and the order-split rule (a leader's form when the caller leads a team). */
export function TradingSettings() {
  return (
    <div className="cards-page">
      <CardsLinks pages={['cards/order', 'trading/renewal']} testId="settings-links" />
      <AutoSellList />
      <SplitSettingsSection />
    </div>
  );
}
