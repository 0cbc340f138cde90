/**
 * Set-up steps the card market's integration tests share, all through the real endpoints: an operator creates a
 * card type and opens or closes its sessions, users buy starter cards, list them, place orders.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { advanceClock, configureClock, now } from '../core/clock.js';
import { journalTotals } from '../modules/ledger/ledger.service.js';
import type { SignedInUser, TestApp } from './harness.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const TYPE_DEFAULTS = {
  name: 'Reef card',
  start_price: '100',
  price_step_bp: 500,
  fuel_fee_bp: 200,
  trade_points: '1',
  hold_days: 1,
  list_window_days: 2,
  platform_fee_bp: 1000,
  renewal_fee_bp: 300,
};

/** The tests move business time; every suite turns the adjustable clock on for itself. */
export function useTestClock(): void {
  configureClock({ adjustable: true });
}

export function advanceDays(days: number): void {
  advanceClock(days * DAY_MS);
}

export async function createCardType(t: TestApp, fields: Partial<typeof TYPE_DEFAULTS> & Record<string, unknown> = {}): Promise<number> {
  const res = await t.call({ method: 'POST', url: '/api/admin/cards/types', token: t.admin.token, payload: { ...TYPE_DEFAULTS, ...fields } });
  if (res.status !== 200) throw new Error(`card type: ${res.msg} ${JSON.stringify(res.data)}`);
  return res.data.id as number;
}

/** Creates a session of the type and opens it now (the opening work runs); answers its id. */
export async function openSession(t: TestApp, typeId: number, options: { stock?: number; perUserCap?: number; hours?: number } = {}): Promise<number> {
  const at = now().getTime();
  const created = await t.call({
    method: 'POST',
    url: '/api/admin/cards/sessions',
    token: t.admin.token,
    payload: {
      card_type_id: typeId,
      opens_at: new Date(at + HOUR_MS).toISOString(),
      closes_at: new Date(at + (1 + (options.hours ?? 2)) * HOUR_MS).toISOString(),
      stock: options.stock ?? 100,
      per_user_cap: options.perUserCap ?? 100,
    },
  });
  if (created.status !== 200) throw new Error(`session: ${created.msg} ${JSON.stringify(created.data)}`);
  const opened = await t.call({ method: 'POST', url: `/api/admin/cards/sessions/${created.data.id}/open`, token: t.admin.token });
  if (opened.status !== 200) throw new Error(`open: ${opened.msg} ${JSON.stringify(opened.data)}`);
  return created.data.id as number;
}

export async function closeSession(t: TestApp, sessionId: number): Promise<void> {
  const res = await t.call({ method: 'POST', url: `/api/admin/cards/sessions/${sessionId}/close`, token: t.admin.token });
  if (res.status !== 200) throw new Error(`close: ${res.msg} ${JSON.stringify(res.data)}`);
}

export async function buyStarter(t: TestApp, user: SignedInUser, typeId: number): Promise<number> {
  const res = await t.call({ method: 'POST', url: `/api/project/card/${typeId}`, token: user.token });
  if (res.status !== 200) throw new Error(`starter buy: ${res.msg} ${JSON.stringify(res.data)}`);
  return res.data.card.id as number;
}

export async function listCard(t: TestApp, user: SignedInUser, cardId: number) {
  return t.call({ method: 'POST', url: `/api/project/card/hanging/${cardId}`, token: user.token });
}

export async function placeOrder(t: TestApp, user: SignedInUser, typeId: number, min: string, max: string, key?: string) {
  return t.call({
    method: 'POST',
    url: '/api/project/card/order',
    token: user.token,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { card_type_id: typeId, min_price: min, max_price: max },
  });
}

/** A user's balance of one asset as the user card shows it. */
export async function balanceOf(t: TestApp, user: SignedInUser, asset: string): Promise<string> {
  const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
  return info.data.balances.find((b: { key: string }) => b.key === asset).amount as string;
}

export async function fundedUser(t: TestApp, funds: Record<string, string> = { rusd: '1000', fuel: '100', trade: '10' }): Promise<SignedInUser> {
  const user = await t.signIn();
  for (const [asset, amount] of Object.entries(funds)) await t.fund(user.uid, asset, amount);
  return user;
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The books balance per asset, and no user account is below zero. */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  const totals = await journalTotals(t.database.db);
  for (const [, total] of totals) expect(total).toBe(0n);
  const negatives = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from ledger_accounts where user_id is not null and balance < 0`),
  );
  expect(negatives[0]!.n).toBe(0);
}

/** The escrow's balance per asset (what the waiting orders hold). */
export async function escrowBalances(t: TestApp): Promise<Record<string, string>> {
  const rows = rowsOf<{ asset: string; balance: string }>(
    await t.database.db.execute(sql`select asset, balance::text as balance from ledger_accounts where system_key = 'cards_escrow'`),
  );
  return Object.fromEntries(rows.map((r) => [r.asset, r.balance]));
}
