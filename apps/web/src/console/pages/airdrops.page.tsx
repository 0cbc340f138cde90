/**
 * Airdrop campaigns (spec §1, decision 037): every campaign with its state, allow-list and claims, a new campaign
 * (it gives money away, so it asks for a second confirmation) and a campaign's eligibility rules replaced.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { airdropsApi, ASSET_KEYS, DEPOSIT_ASSETS, type AdminAirdropCampaign, type AirdropRules, type AssetKey, type DepositAsset } from '@reef/contract';
import { call } from '../api';
import { Action, Check, Field, formText, Select, TextArea, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { usePaged } from '../components/use-paged';
import { useConsoleFormat, type ConsoleFormat } from '../components/format';
import { useT, type ConsoleKey, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

const AMOUNT_PATTERN = '^\\d+(\\.\\d{1,8})?$';

/** `<input type="datetime-local">` speaks the browser's local time; the route takes an instant. */
const toLocalInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (value: string) => new Date(value).toISOString();

function addressesOf(form: FormData): string[] {
  return formText(form, 'addresses')
    .split(/[\s,]+/)
    .filter(Boolean);
}

function rulesOf(form: FormData) {
  const rechargeAsset = formText(form, 'min_recharge_asset');
  const holdingAsset = formText(form, 'min_holding_asset');
  const age = formText(form, 'min_account_age_hours');
  const cap = formText(form, 'per_referrer_cap');
  return {
    min_recharge: rechargeAsset ? { asset: rechargeAsset as DepositAsset, amount: formText(form, 'min_recharge_amount') } : null,
    min_account_age_hours: age ? Number(age) : null,
    min_holding: holdingAsset ? { asset: holdingAsset as AssetKey, amount: formText(form, 'min_holding_amount') } : null,
    per_referrer_cap: cap ? Number(cap) : null,
  };
}

function rulesText(t: Translate, format: ConsoleFormat, rules: AirdropRules): string {
  const parts = [
    rules.min_recharge && `${t('airdrops.minRecharge')} ${format.money(rules.min_recharge.amount, rules.min_recharge.asset)}`,
    rules.min_account_age_hours !== null && `${t('airdrops.minAge')} ${rules.min_account_age_hours}`,
    rules.min_holding && `${t('airdrops.minHolding')} ${format.money(rules.min_holding.amount, rules.min_holding.asset)}`,
    rules.per_referrer_cap !== null && `${t('airdrops.referrerCap')} ${rules.per_referrer_cap}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('airdrops.noRules');
}

/** An optional threshold in an asset: the asset (none: no threshold) and the amount. */
function ThresholdFields({
  name,
  assets,
  value,
  labels,
  t,
}: {
  name: 'min_recharge' | 'min_holding';
  assets: readonly string[];
  value: { asset: string; amount: string } | null | undefined;
  labels: [asset: string, amount: string];
  t: Translate;
}) {
  return (
    <>
      <Select label={labels[0]} name={`${name}_asset`} values={assets} value={value?.asset} blank={t('airdrops.none')} />
      <Field label={labels[1]} name={`${name}_amount`} defaultValue={value?.amount} pattern={AMOUNT_PATTERN} inputMode="decimal" />
    </>
  );
}

function RuleFields({ rules, t }: { rules?: AirdropRules | undefined; t: Translate }) {
  return (
    <fieldset className="article-text">
      <legend>{t('airdrops.rules')}</legend>
      <ThresholdFields
        name="min_recharge"
        assets={DEPOSIT_ASSETS}
        value={rules?.min_recharge}
        labels={[t('airdrops.minRechargeAsset'), t('airdrops.minRecharge')]}
        t={t}
      />
      <WholeField label={t('airdrops.minAge')} name="min_account_age_hours" max={24 * 3650} value={rules?.min_account_age_hours} />
      <ThresholdFields
        name="min_holding"
        assets={ASSET_KEYS}
        value={rules?.min_holding}
        labels={[t('airdrops.minHoldingAsset'), t('airdrops.minHolding')]}
        t={t}
      />
      <WholeField label={t('airdrops.referrerCap')} name="per_referrer_cap" max={1_000_000} value={rules?.per_referrer_cap} />
    </fieldset>
  );
}

function CreateFields({ t }: { t: Translate }) {
  const now = new Date();
  return (
    <>
      <Select label={t('common.asset')} name="asset" values={ASSET_KEYS} value="coin" />
      <Field label={t('airdrops.amountEach')} name="amount" required pattern={AMOUNT_PATTERN} inputMode="decimal" />
      <Field label={t('airdrops.startsAt')} name="starts_at" type="datetime-local" required defaultValue={toLocalInput(now)} />
      <Field label={t('airdrops.endsAt')} name="ends_at" type="datetime-local" required defaultValue={toLocalInput(new Date(now.getTime() + 7 * 86_400_000))} />
      <TextArea label={t('airdrops.addresses')} name="addresses" rows={3} placeholder="0x…" />
      <RuleFields t={t} />
    </>
  );
}

function RulesFields({ campaign, t }: { campaign: AdminAirdropCampaign; t: Translate }) {
  return (
    <>
      <RuleFields rules={campaign.rules} t={t} />
      <TextArea label={t('airdrops.replaceAddresses')} name="addresses" rows={3} placeholder="0x…" />
      {campaign.restricted && <Check label={t('airdrops.removeAddresses')} name="remove_addresses" />}
    </>
  );
}

const stateKey = (state: string) => `airdrops.state.${state}` as ConsoleKey;

function Airdrops() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const [state, setState] = useState<string>('all');
  const { table } = usePaged(airdropsApi.adminListAirdrops, { state });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<AdminAirdropCampaign, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    {
      id: 'amount',
      header: t('airdrops.amountEach'),
      accessorFn: (c) => `${c.amount} ${c.asset}`,
      cell: (c) => format.money(c.row.original.amount, c.row.original.asset),
    },
    { accessorKey: 'starts_at', header: t('airdrops.startsAt') },
    { accessorKey: 'ends_at', header: t('airdrops.endsAt') },
    { accessorKey: 'state', header: t('common.status'), cell: (c) => t(stateKey(c.row.original.state)) },
    {
      id: 'allowlist',
      header: t('airdrops.allowList'),
      accessorFn: (c) => (c.restricted ? c.address_count : ''),
      cell: (c) => (c.row.original.restricted ? t('airdrops.addressCount', { count: c.row.original.address_count }) : t('airdrops.everyone')),
    },
    { id: 'rules', header: t('airdrops.rules'), accessorFn: (c) => rulesText(t, format, c.rules) },
    { accessorKey: 'claims', header: t('airdrops.claims') },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: c } }) => (
        <div className="row-actions" data-testid={`airdrop-${c.id}`}>
          <Action
            label={t('airdrops.setRules')}
            variant="ghost"
            endpoint={airdropsApi.adminSetAirdropRules}
            fields={<RulesFields campaign={c} t={t} />}
            run={async (form) => {
              const addresses = addressesOf(form);
              await call(airdropsApi.adminSetAirdropRules, {
                params: { id: c.id },
                body: {
                  ...rulesOf(form),
                  // Left out keeps the allow-list; null removes it.
                  ...(form.get('remove_addresses') === 'on' ? { addresses: null } : addresses.length ? { addresses } : {}),
                },
              });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h1>{t('nav.airdrops')}</h1>
      <p className="note">{t('config.readOnlyNote')}</p>
      <Action
        label={t('airdrops.create')}
        endpoint={airdropsApi.adminCreateAirdrop}
        testId="create-airdrop"
        fields={<CreateFields t={t} />}
        confirm={(form) => {
          const addresses = addressesOf(form);
          return t('airdrops.confirmCreate', {
            amount: `${formText(form, 'amount')} ${formText(form, 'asset')}`,
            from: fromLocalInput(formText(form, 'starts_at')),
            to: fromLocalInput(formText(form, 'ends_at')),
            who: addresses.length ? t('airdrops.addressCount', { count: addresses.length }) : t('airdrops.everyone'),
          });
        }}
        run={async (form) => {
          const addresses = addressesOf(form);
          await call(airdropsApi.adminCreateAirdrop, {
            body: {
              asset: formText(form, 'asset') as AssetKey,
              amount: formText(form, 'amount'),
              starts_at: fromLocalInput(formText(form, 'starts_at')),
              ends_at: fromLocalInput(formText(form, 'ends_at')),
              ...(addresses.length ? { addresses } : {}),
              rules: rulesOf(form),
            },
          });
          await refresh();
        }}
      />
      <DataTable
        name="airdrops"
        columns={columns}
        {...table}
        toolbar={
          <FilterSelect
            value={state}
            onChange={setState}
            values={airdropsApi.AIRDROP_STATE_FILTERS}
            show={(s) => (s === 'all' ? t('common.all') : t(stateKey(s)))}
            all={false}
            testId="airdrop-state-filter"
          />
        }
      />
    </>
  );
}

export const page: ConsolePage = {
  path: '/airdrops',
  group: 'configuration',
  order: 7,
  title: 'nav.airdrops',
  reads: airdropsApi.adminListAirdrops,
  component: Airdrops,
};
