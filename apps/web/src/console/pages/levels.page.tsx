/**
 * Community levels and what counts as performance (spec §1 community centre, §2 levels): the level table (a user
 * holds the highest level whose every threshold they meet), put or removed; the purchase kinds that count and each
 * paying asset's USDT factor. A change recomputes every user's level, and levels and performance decide rewards, so
 * removals and factor changes ask for a second confirmation.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ColumnDef } from '@tanstack/react-table';
import { ASSET_KEYS, communityApi, type AssetKey, type CommunityLevel } from '@reef/contract';
import { call } from '../api';
import { Action, Field, formText, Select, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { useT, type ConsoleKey, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type Qualifying = z.infer<typeof communityApi.qualifyingRulesView>;

const AMOUNT_PATTERN = '^\\d+(\\.\\d{1,8})?$';

function LevelFields({ level, t }: { level?: CommunityLevel | undefined; t: Translate }) {
  return (
    <>
      {!level && <WholeField label={t('levels.level')} name="level" min={0} max={communityApi.MAX_LEVEL} required />}
      <Field label={t('levels.name')} name="name" defaultValue={level?.name} required maxLength={communityApi.LEVEL_NAME_MAX_LENGTH} />
      <Field
        label={t('levels.minSmallArea')}
        name="min_small_area"
        defaultValue={level?.min_small_area ?? '0'}
        required
        pattern={AMOUNT_PATTERN}
        inputMode="decimal"
      />
      <WholeField label={t('levels.minDirect')} name="min_direct" min={0} max={1_000_000} value={level?.min_direct ?? 0} required />
      <Select label={t('levels.holdingAsset')} name="holding_asset" values={ASSET_KEYS} value={level?.holding_asset ?? undefined} blank={t('airdrops.none')} />
      <Field label={t('levels.minHolding')} name="min_holding" defaultValue={level?.min_holding ?? '0'} required pattern={AMOUNT_PATTERN} inputMode="decimal" />
    </>
  );
}

function levelBody(form: FormData) {
  const holding = formText(form, 'holding_asset');
  return {
    name: formText(form, 'name'),
    min_small_area: formText(form, 'min_small_area'),
    min_direct: Number(formText(form, 'min_direct')),
    holding_asset: holding ? (holding as AssetKey) : null,
    min_holding: holding ? formText(form, 'min_holding') : '0',
  };
}

function Levels() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const levels = useQuery({ queryKey: ['levels'], queryFn: () => call(communityApi.adminListLevels) });
  const refresh = () => queryClient.invalidateQueries();
  const put = async (level: number, form: FormData) => {
    await call(communityApi.adminPutLevel, { params: { level }, body: levelBody(form) });
    await refresh();
  };
  const columns: ColumnDef<CommunityLevel, unknown>[] = [
    { accessorKey: 'level', header: t('levels.level'), cell: (c) => `V${c.row.original.level}` },
    { accessorKey: 'name', header: t('levels.name') },
    { accessorKey: 'min_small_area', header: t('levels.minSmallArea') },
    { accessorKey: 'min_direct', header: t('levels.minDirect') },
    {
      accessorKey: 'holding_asset',
      header: t('levels.holdingAsset'),
      cell: (c) => (c.row.original.holding_asset ? format.symbol(c.row.original.holding_asset) : '—'),
    },
    { accessorKey: 'min_holding', header: t('levels.minHolding') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: level } }) => (
        <div className="row-actions" data-testid={`level-${level.level}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={communityApi.adminPutLevel}
            fields={<LevelFields level={level} t={t} />}
            run={(form) => put(level.level, form)}
          />
          {level.level > 0 && (
            <Action
              label={t('levels.delete')}
              variant="danger"
              endpoint={communityApi.adminDeleteLevel}
              confirm={() => t('levels.confirmDelete', { level: `V${level.level} ${level.name}` })}
              run={async () => {
                await call(communityApi.adminDeleteLevel, { params: { level: level.level } });
                await refresh();
              }}
            />
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <h2>{t('levels.table')}</h2>
      <Action
        label={t('levels.put')}
        endpoint={communityApi.adminPutLevel}
        testId="put-level"
        fields={<LevelFields t={t} />}
        run={(form) => put(Number(formText(form, 'level')), form)}
      />
      <DataTable name="levels" columns={columns} rows={levels.data?.list} error={levels.error} />
    </>
  );
}

const kindKey = (kind: string) => `levels.kind.${kind}` as ConsoleKey;

function QualifyingRules() {
  const t = useT();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: ['qualifying'], queryFn: () => call(communityApi.adminQualifying) });
  const refresh = () => queryClient.invalidateQueries();
  const setFactor = async (asset: AssetKey, factor: string | null) => {
    await call(communityApi.adminSetPerformanceAsset, { params: { asset }, body: { factor } });
    await refresh();
  };
  const kindColumns: ColumnDef<Qualifying['kinds'][number], unknown>[] = [
    { accessorKey: 'kind', header: t('levels.kind'), cell: (c) => t(kindKey(c.row.original.kind)) },
    { accessorKey: 'counts', header: t('levels.counts'), cell: (c) => (c.row.original.counts ? t('users.yes') : t('users.no')) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: k } }) => (
        <div className="row-actions" data-testid={`kind-${k.kind}`}>
          <Action
            label={k.counts ? t('levels.stopCounting') : t('levels.startCounting')}
            variant="ghost"
            endpoint={communityApi.adminSetQualifyingKind}
            confirm={() => `${t(kindKey(k.kind))}: ${k.counts ? t('levels.stopCounting') : t('levels.startCounting')}`}
            run={async () => {
              await call(communityApi.adminSetQualifyingKind, { params: { kind: k.kind }, body: { counts: !k.counts } });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  const assetColumns: ColumnDef<Qualifying['assets'][number], unknown>[] = [
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'factor', header: t('levels.factor') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: a } }) => (
        <div className="row-actions" data-testid={`factor-${a.asset}`}>
          <Action
            label={t('levels.stopCounting')}
            variant="danger"
            endpoint={communityApi.adminSetPerformanceAsset}
            confirm={() => `${a.asset}: ${t('levels.stopCounting')}`}
            run={() => setFactor(a.asset, null)}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h2>{t('levels.qualifying')}</h2>
      <DataTable name="qualifying-kinds" columns={kindColumns} rows={rules.data?.kinds} error={rules.error} />
      {rules.data && <ReferrerRule required={rules.data.referrer_required} onChanged={refresh} />}
      <h2>{t('levels.factors')}</h2>
      <Action
        label={t('levels.setFactor')}
        endpoint={communityApi.adminSetPerformanceAsset}
        testId="set-factor"
        fields={
          <>
            <Select label={t('common.asset')} name="asset" values={ASSET_KEYS} />
            <Field label={t('levels.factor')} name="factor" required pattern={AMOUNT_PATTERN} inputMode="decimal" />
          </>
        }
        confirm={(form) => `${formText(form, 'asset')}: ${t('levels.factor')} ${formText(form, 'factor')}`}
        run={(form) => setFactor(formText(form, 'asset') as AssetKey, formText(form, 'factor'))}
      />
      <DataTable name="qualifying-assets" columns={assetColumns} rows={rules.data?.assets} error={rules.error} />
    </>
  );
}

/** "A referrer must be bound first" for the counting purchases (decision 119): on unless switched off; a change of terms. */
function ReferrerRule({ required, onChanged }: { required: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const label = required ? t('levels.referrerTurnOff') : t('levels.referrerTurnOn');
  return (
    <>
      <h2>{t('levels.referrer')}</h2>
      <p className="note" data-testid="referrer-rule-state">
        {required ? t('levels.referrerOn') : t('levels.referrerOff')}
      </p>
      <div className="row-actions" data-testid="referrer-rule">
        <Action
          label={label}
          variant="ghost"
          endpoint={communityApi.adminSetReferrerRule}
          confirm={() => label}
          run={async () => {
            await call(communityApi.adminSetReferrerRule, { body: { required: !required } });
            await onChanged();
          }}
        />
      </div>
    </>
  );
}

function Community() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.levels')}</h1>
      <p className="note">{t('levels.note')}</p>
      <Levels />
      <QualifyingRules />
    </>
  );
}

export const page: ConsolePage = {
  path: '/levels',
  group: 'configuration',
  order: 4,
  title: 'nav.levels',
  reads: communityApi.adminListLevels,
  component: Community,
};
