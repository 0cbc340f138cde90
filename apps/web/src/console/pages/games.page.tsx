import { useState } from 'react';
import type * as z from 'zod/mini';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { gamesApi, SLOT_SYMBOLS, type GameAsset } from '@reef/contract';
import { call } from '../api';
import { Action, Field, WholeField } from '../components/action';
import { DataTable } from '../components/data-table';
import { useConsoleFormat } from '../components/format';
import { useT, type ConsoleKey, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type Terms = z.infer<typeof gamesApi.gameTerms>;
type HouseDay = z.infer<typeof gamesApi.houseDay>;

/** "10.00000000" → "10": the settings route takes at most two decimals. */
function short(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

const gameKey = (game: string) => `games.game.${game}` as ConsoleKey;

function SettingsFields({ terms, t }: { terms: Terms; t: Translate }) {
  return (
    <>
      <label className="field field--check">
        <input type="checkbox" name="enabled" defaultChecked={terms.enabled} /> {t('games.enabled')}
      </label>
      <fieldset className="article-text">
        <legend>{t('games.assets')}</legend>
        {gamesApi.GAME_ASSETS.map((asset) => (
          <label key={asset} className="field field--check">
            <input type="checkbox" name="assets" value={asset} defaultChecked={terms.assets.includes(asset)} /> {asset}
          </label>
        ))}
      </fieldset>
      <Field label={t('games.minStake')} name="min_stake" defaultValue={short(terms.min_stake)} required inputMode="decimal" />
      <Field label={t('games.maxStake')} name="max_stake" defaultValue={short(terms.max_stake)} required inputMode="decimal" />
      <Field label={t('games.dailyLimit')} name="daily_limit" defaultValue={short(terms.daily_limit)} required inputMode="decimal" />
      <Field label={t('games.rtp')} name="rtp" defaultValue={terms.rtp} required inputMode="decimal" />
      {terms.multipliers && <Field label={t('games.multipliers')} name="multipliers" defaultValue={terms.multipliers.join(', ')} required />}
      {terms.paytable && (
        <fieldset className="article-text">
          <legend>{t('games.paytable')}</legend>
          {SLOT_SYMBOLS.map((symbol) => (
            <Field key={symbol} label={`${t('games.three')} ${symbol}`} name={`three:${symbol}`} defaultValue={terms.paytable!.three[symbol]} required />
          ))}
          <Field label={t('games.tigerTwo')} name="tiger_two" defaultValue={terms.paytable.tiger_two} required />
          <Field label={t('games.tigerOne')} name="tiger_one" defaultValue={terms.paytable.tiger_one} required />
        </fieldset>
      )}
    </>
  );
}

function settingsBody(terms: Terms, form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    enabled: form.get('enabled') === 'on',
    assets: form.getAll('assets').map(String) as GameAsset[],
    min_stake: text('min_stake'),
    max_stake: text('max_stake'),
    daily_limit: text('daily_limit'),
    rtp: text('rtp'),
    ...(terms.multipliers && {
      multipliers: text('multipliers')
        .split(/[\s,]+/)
        .filter(Boolean),
    }),
    ...(terms.paytable && {
      paytable: {
        three: Object.fromEntries(SLOT_SYMBOLS.map((s) => [s, text(`three:${s}`)])) as Record<(typeof SLOT_SYMBOLS)[number], string>,
        tiger_two: text('tiger_two'),
        tiger_one: text('tiger_one'),
      },
    }),
  };
}

function Settings() {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['game-settings'], queryFn: () => call(gamesApi.adminGameSettings) });
  const refresh = () => queryClient.invalidateQueries();
  const columns: ColumnDef<Terms, unknown>[] = [
    { accessorKey: 'game', header: t('games.game'), cell: (c) => t(gameKey(c.row.original.game)) },
    { accessorKey: 'enabled', header: t('games.enabled'), cell: (c) => (c.row.original.enabled ? t('users.yes') : t('users.no')) },
    { id: 'assets', header: t('games.assets'), accessorFn: (g) => g.assets.join(', ') },
    { accessorKey: 'min_stake', header: t('games.minStake') },
    { accessorKey: 'max_stake', header: t('games.maxStake') },
    { accessorKey: 'daily_limit', header: t('games.dailyLimit') },
    { accessorKey: 'rtp', header: t('games.rtp') },
    {
      id: 'table',
      header: t('games.multipliers'),
      accessorFn: (g) =>
        g.multipliers
          ? g.multipliers.join(', ')
          : g.paytable
            ? `${SLOT_SYMBOLS.map((s) => `${s} ×${g.paytable!.three[s]}`).join(', ')}, tiger×2 ×${g.paytable.tiger_two}, tiger×1 ×${g.paytable.tiger_one}`
            : '',
    },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: g } }) => (
        <div className="row-actions" data-testid={`game-${g.game}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={gamesApi.adminSetGameSettings}
            fields={<SettingsFields terms={g} t={t} />}
            confirm={(form) => {
              const body = settingsBody(g, form);
              return `${t(gameKey(g.game))}: ${body.enabled ? t('games.on') : t('games.off')} · ${body.assets.join(', ')} · ${body.min_stake}–${body.max_stake} · ${t('games.dailyLimit')} ${body.daily_limit} · RTP ${body.rtp}`;
            }}
            run={async (form) => {
              await call(gamesApi.adminSetGameSettings, { params: { game: g.game }, body: settingsBody(g, form) });
              await refresh();
            }}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h2>{t('games.settings')}</h2>
      <DataTable name="game-settings" columns={columns} rows={settings.data?.list} error={settings.error} />
    </>
  );
}

function House() {
  const t = useT();
  const [days, setDays] = useState(30);
  const house = useQuery({ queryKey: ['game-house', days], queryFn: () => call(gamesApi.adminHouseResult, { query: { days } }) });
  const columns: ColumnDef<HouseDay, unknown>[] = [
    { accessorKey: 'day', header: t('games.day') },
    {
      accessorKey: 'game',
      header: t('games.game'),
      cell: (c) => (c.row.original.game === 'raffle' ? t('games.game.raffle') : t(gameKey(c.row.original.game))),
    },
    { accessorKey: 'asset', header: t('common.asset') },
    { accessorKey: 'rounds', header: t('games.rounds') },
    { accessorKey: 'staked', header: t('games.staked') },
    { accessorKey: 'paid', header: t('games.paid') },
    { accessorKey: 'house', header: t('games.house') },
  ];
  return (
    <>
      <h2>{t('games.houseResult')}</h2>
      {/* One figure per asset, whatever number of shards the ledger keeps the house in (decision 127). */}
      <p data-testid="game-house-balance">
        {t('games.houseBalance')}: {house.data?.balances.length ? house.data.balances.map((b) => `${b.balance} ${b.asset}`).join(' · ') : '—'}
      </p>
      <DataTable
        name="game-house"
        columns={columns}
        rows={house.data?.list}
        error={house.error}
        toolbar={
          <label>
            {t('games.days')}{' '}
            <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {[7, 30, 90, 366].map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        }
      />
    </>
  );
}

/** The raffle (decision 072): open or closed, its wheel's segments (one a line: asset amount weight), free spins. */
function Raffle() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  // The wheel as players see it: the operator is a user too.
  const raffle = useQuery({ queryKey: ['game-raffle'], queryFn: () => call(gamesApi.raffle) });
  const refresh = () => queryClient.invalidateQueries();
  const segments = raffle.data?.segments.map((s) => `${s.asset} ${s.amount} ${s.weight}`).join('\n') ?? '';
  return (
    <>
      <h2>{t('games.game.raffle')}</h2>
      {raffle.data && (
        <p data-testid="raffle-state">
          {raffle.data.enabled ? t('games.on') : t('games.off')} ·{' '}
          {raffle.data.segments.map((s) => `${format.money(s.amount, s.asset)} (${s.weight})`).join(', ')}
        </p>
      )}
      <div className="row-actions">
        {raffle.data && (
          <Action
            label={t('articles.edit')}
            variant="ghost"
            testId="edit-raffle"
            endpoint={gamesApi.adminSetRaffle}
            fields={
              <>
                <label className="field field--check">
                  <input type="checkbox" name="enabled" defaultChecked={raffle.data.enabled} /> {t('games.enabled')}
                </label>
                <label className="field">
                  <span>{t('games.segments')}</span>
                  <textarea name="segments" defaultValue={segments} rows={8} required />
                </label>
              </>
            }
            run={async (form) => {
              const lines = String(form.get('segments') ?? '')
                .split('\n')
                .map((line) => line.trim().split(/\s+/))
                .filter((parts) => parts[0]);
              await call(gamesApi.adminSetRaffle, {
                body: {
                  enabled: form.get('enabled') === 'on',
                  segments: lines.map(([asset, amount, weight]) => ({ asset: asset as GameAsset, amount: amount ?? '', weight: Number(weight) })),
                },
              });
              await refresh();
            }}
          />
        )}
        <Action
          label={t('games.grantSpins')}
          testId="grant-spins"
          endpoint={gamesApi.adminGrantSpins}
          fields={
            <>
              <WholeField label="uid" name="uid" required />
              <WholeField label={t('games.spins')} name="spins" max={1000} required />
            </>
          }
          confirm={(form) => `${t('games.grantSpins')}: uid ${String(form.get('uid'))} +${String(form.get('spins'))}`}
          run={async (form) => {
            await call(gamesApi.adminGrantSpins, { body: { uid: Number(form.get('uid')), spins: Number(form.get('spins')) } });
            await refresh();
          }}
        />
      </div>
    </>
  );
}

function Games() {
  const t = useT();
  return (
    <>
      <h1>{t('nav.games')}</h1>
      <p className="note">{t('games.note')}</p>
      <Settings />
      <Raffle />
      <House />
    </>
  );
}

export const page: ConsolePage = { path: '/games', group: 'configuration', order: 22, title: 'nav.games', reads: gamesApi.adminGameSettings, component: Games };
