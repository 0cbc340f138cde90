/**
 * The reward engine's settings (issue 13, decision 065): what is in force now and every change, scheduled ones
 * included. A change is a new value from now or a later instant (never the past), so it applies to purchases after
 * it; rates move money, so a change asks for a second confirmation. The server refuses a rate above 1, a generation
 * or level on a rule without one, and cap shares adding up past 1 — its message shows in the form.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { LEVEL_RULES_LIST, REWARD_RULES, rewardsApi, type RewardRule, type RewardRuleName } from '@reef/contract';
import { trimAmount } from '../../lib/amount-format';
import { call } from '../api';
import { Action, Field, formText, Select, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { useT, type ConsoleKey, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

const ruleKey = (rule: string) => `rewards.rule.${rule}` as ConsoleKey;
const VALUE_PATTERN = '^\\d{1,18}(\\.\\d{1,8})?$';

/** `<input type="datetime-local">` speaks the browser's local time; the route takes an instant (empty: now). */
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

function ruleBody(form: FormData, fixed?: RewardRule) {
  const rule = (fixed?.rule ?? formText(form, 'rule')) as RewardRuleName;
  const generation = fixed ? fixed.generation : Number(formText(form, 'generation') || 0);
  const level = fixed ? fixed.level : Number(formText(form, 'level') || 0);
  const effectiveFrom = fromLocalInput(formText(form, 'effective_from'));
  return {
    rule,
    ...(rule === 'indirect' ? { generation } : {}),
    ...(LEVEL_RULES_LIST.includes(rule) ? { level } : {}),
    value: formText(form, 'value'),
    ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
  };
}

function describe(t: Translate, body: ReturnType<typeof ruleBody>): string {
  return t('rewards.confirm', {
    rule: `${t(ruleKey(body.rule))}${body.generation !== undefined ? ` G${body.generation}` : ''}${body.level !== undefined ? ` V${body.level}` : ''}`,
    value: body.value,
    from: body.effective_from ?? t('rewards.now'),
  });
}

function ValueFields({ rule, t }: { rule?: RewardRule | undefined; t: Translate }) {
  return (
    <>
      <Field label={t('rewards.value')} name="value" defaultValue={rule?.value} required pattern={VALUE_PATTERN} inputMode="decimal" />
      <Field label={t('rewards.effectiveFromField')} name="effective_from" type="datetime-local" />
    </>
  );
}

function Rules() {
  const t = useT();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: ['reward-rules'], queryFn: () => call(rewardsApi.adminRewardRules) });
  const refresh = () => queryClient.invalidateQueries();
  const set = async (form: FormData, fixed?: RewardRule) => {
    await call(rewardsApi.adminSetRewardRule, { body: ruleBody(form, fixed) });
    await refresh();
  };
  const columns = (withActions: boolean): ColumnDef<RewardRule, unknown>[] => [
    { accessorKey: 'rule', header: t('rewards.rule'), cell: (c) => t(ruleKey(c.row.original.rule)) },
    { accessorKey: 'generation', header: t('rewards.generation'), cell: (c) => c.row.original.generation || '—' },
    { accessorKey: 'level', header: t('rewards.level'), cell: (c) => (LEVEL_RULES_LIST.includes(c.row.original.rule) ? `V${c.row.original.level}` : '—') },
    // A rate or a factor, exact: the console's amount format rounds to the app's four display places, and an operator
    // who set 0.00125 must read 0.00125, not 0.0013.
    { accessorKey: 'value', header: t('rewards.value'), cell: (c) => trimAmount(c.row.original.value) },
    { accessorKey: 'effective_from', header: t('rewards.effectiveFrom') },
    { accessorKey: 'created_by', header: t('rewards.createdBy'), cell: (c) => c.row.original.created_by ?? '—' },
    ...(withActions
      ? [
          {
            id: 'actions',
            header: t('common.actions'),
            cell: ({ row: { original: r } }: { row: { original: RewardRule } }) => (
              <div className="row-actions" data-testid={`rule-${r.rule}-${r.generation}-${r.level}`}>
                <Action
                  label={t('rewards.change')}
                  variant="ghost"
                  endpoint={rewardsApi.adminSetRewardRule}
                  fields={<ValueFields rule={r} t={t} />}
                  confirm={(form) => describe(t, ruleBody(form, r))}
                  run={(form) => set(form, r)}
                />
              </div>
            ),
          } satisfies ColumnDef<RewardRule, unknown>,
        ]
      : []),
  ];
  return (
    <>
      <h2>{t('rewards.inForce')}</h2>
      <Action
        label={t('rewards.newSetting')}
        endpoint={rewardsApi.adminSetRewardRule}
        testId="set-reward-rule"
        fields={
          <>
            <Select label={t('rewards.rule')} name="rule" values={REWARD_RULES} show={(v) => t(ruleKey(v))} />
            <WholeField label={t('rewards.generationHint')} name="generation" min={2} max={100} />
            <WholeField label={t('rewards.levelHint')} name="level" min={0} max={100} />
            <ValueFields t={t} />
          </>
        }
        confirm={(form) => describe(t, ruleBody(form))}
        run={(form) => set(form)}
      />
      <DataTable name="reward-rules" columns={columns(true)} rows={rules.data?.in_force} error={rules.error} />
      <h2>{t('rewards.history')}</h2>
      <DataTable name="reward-history" columns={columns(false)} rows={rules.data?.history} error={rules.error} />
    </>
  );
}

function Rewards() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.rewards')}</h1>
      <p className="note">{t('rewards.note')}</p>
      <Rules />
    </>
  );
}

export const page: ConsolePage = {
  path: '/rewards',
  group: 'configuration',
  order: 5,
  title: 'nav.rewards',
  reads: rewardsApi.adminRewardRules,
  component: Rewards,
};
