/**
 * The walk (issue 23, decision 094): one user does every kind of thing the app offers that moves money — through the
 * real endpoints, or the jobs that pay (the deposit and BNB watchers, mining, pledge and reward settlement) — and
 * then every view of their money answers and parses against the contract: the bill (all, and each asset), the
 * income pages and the console's journal. Every posting kind of the contract shows up in one of those views, or is
 * one the contract lists as system-only (and then it is found on a system account's line).
 *
 * A shop order's `shop_purchase` line once made every bill of its payer answer 500 for good: this is the test that
 * would have caught it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createWalletClient, defineChain, http, parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ASSET_KEYS, POSTING_KINDS, SYSTEM_ONLY_POSTING_KINDS, consoleApi, incomesApi, ledgerApi, type PostingKind } from '@reef/contract';
import { advanceClock, configureClock, nowMs } from '../../core/clock.js';
import { creditConfirmedBnbCharges } from '../charge/charge.service.js';
import { creditConfirmedDeposits } from '../deposits/deposits.service.js';
import { settleMining } from '../mining/mining.service.js';
import { settlePledge } from '../pledge/pledge.service.js';
import { runRewards, settleDividends } from '../rewards/rewards.service.js';
import { chainConfig, startLocalChain, type LocalChain } from '../../test/local-chain.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { setLevel } from '../../test/rewards-kit.js';
import { buyStarter, closeSession, createCardType, listCard, openSession, placeOrder } from '../../test/cards-market-kit.js';
import { journalTotals } from './ledger.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = '135790';
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };

const depositAddress = privateKeyToAccount(generatePrivateKey()).address;
let chain: LocalChain;
let usdtToken: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  usdtToken = await chain.deployToken('Tether USD', 'USDT');
}, 120_000);
afterAll(() => chain?.stop());

describe.each(databaseKinds)('a user who did everything reads every view on %s', (kind) => {
  let t: TestApp;
  /** The walker and the people around them: a peer to trade with, and the referral tree the rewards need. */
  let w: SignedInUser, peer: SignedInUser;
  const tree: Record<string, SignedInUser> = {};

  /** The envelope's data of a call that must succeed; read loosely, as each module's own tests read it (TestApp.call). */
  const ok = async (what: string, call: ReturnType<TestApp['call']>) => {
    const res = await call;
    if (res.http !== 200 || res.status !== 200) throw new Error(`${what}: ${res.http} ${res.msg} ${JSON.stringify(res.data)}`);
    return res.data;
  };
  const post = (user: SignedInUser, url: string, payload?: object) => ok(`POST ${url}`, t.call({ method: 'POST', url, token: user.token, payload }));
  const get = (user: SignedInUser, url: string) => ok(`GET ${url}`, t.call({ method: 'GET', url, token: user.token }));

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ...chainConfig(chain, { depositAddress, usdt: usdtToken, coin: privateKeyToAccount(generatePrivateKey()).address }),
      DEPOSIT_CONFIRMATIONS: '2',
      BNB_PRICE_USDT: '600',
      RUSD_PER_USDT: '1.5',
      TRANSFER_FEE_RATE: '0.005',
      GAME_BETS_PER_SECOND: '0',
      // The walk moves business time by days (holding times, mining and pledge periods): sessions outlive it.
      TOKEN_TTL_HOURS: String(24 * 60),
    });
    // Everyone signs in before business time moves (a sign-in message carries real time).
    tree.R = await t.signIn();
    w = await t.signIn(undefined, tree.R.uid);
    tree.A1 = await t.signIn(undefined, w.uid);
    tree.A1a = await t.signIn(undefined, tree.A1.uid);
    tree.X = await t.signIn(undefined, tree.A1a.uid);
    tree.A2 = await t.signIn(undefined, w.uid);
    peer = await t.signIn();
    for (const [user, level] of [
      [tree.R, 3],
      [w, 2],
      [tree.A1, 2],
      [tree.A1a, 1],
    ] as const) {
      await setLevel(t.database.db, user.uid, level);
    }
    for (const user of [w, peer]) {
      await t.setPayPassword(user, PASSWORD);
      for (const [asset, amount] of Object.entries({ usdt: '2000', coin: '500', rusd: '1000', fuel: '100', trade: '10', game: '100', mineral: '200' })) {
        await t.fund(user.uid, asset, amount);
      }
    }
    configureClock({ adjustable: true });
  }, 300_000);
  afterAll(() => t.close());

  it('walks every money path of the app', async () => {
    const at = (offset: number) => new Date(nowMs() + offset).toISOString();

    // An operator's adjustment, through the console's endpoint.
    await post(t.admin, '/api/admin/ledger/adjust', { uid: w.uid, asset: 'usdt', amount: '10', memo: 'walk' });

    // Transfers both ways, with the fee.
    await post(w, '/api/finance/other/trade', { to: peer.account, amount: '20', asset: 'usdt', password: PASSWORD });
    await post(peer, '/api/finance/other/trade', { to: w.account, amount: '5', asset: 'usdt', password: PASSWORD });

    // A flash exchange on a lake the platform seeded (its burn share goes to `burned`).
    await post(t.admin, '/api/admin/lakes', {
      base: 'coin',
      quote: 'usdt',
      reserve_base: '10000',
      reserve_quote: '50000',
      fee_rate: '0.003',
      burn_share: '0.5',
      main: true,
    });
    const quote = await get(w, '/api/finance/exchange/coin/usdt?amount=10');
    await post(w, '/api/finance/exchange/coin/usdt', { amount: '10', min_out: quote.min_received });

    // A withdrawal with its fee, rejected and refunded; another approved.
    const refused = await post(w, '/api/finance/extract', { amount: '150', password: PASSWORD });
    await post(t.admin, `/api/admin/withdrawals/${refused.id}/reject`, { reason: 'walk' });
    const paid = await post(w, '/api/finance/extract', { amount: '120', password: PASSWORD });
    await post(t.admin, `/api/admin/withdrawals/${paid.id}/approve`, { tx_hash: `0x${'ab'.repeat(32)}` });

    // An on-chain deposit and a BNB charge, credited by their watchers once confirmed.
    await chain.fundGas(w.wallet.address, '10');
    await chain.mint(usdtToken, w.wallet.address, parseEther('100'));
    const depositHash = await chain.transfer(w.wallet, usdtToken, depositAddress, parseEther('50'));
    await post(w, '/api/finance/recharge', { tx_hash: depositHash });
    const local = defineChain({
      id: 56,
      name: 'local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [chain.url] } },
    });
    const bnbHash: Hash = await createWalletClient({ account: w.wallet, chain: local, transport: http(chain.url) }).sendTransaction({
      to: depositAddress,
      value: parseEther('0.01'),
    });
    await post(w, '/api/user/chargeBNB', { tx_hash: bnbHash });
    await chain.mine(3);
    const context = { db: t.database.db, config: t.config, chain: t.app.chain, log: quiet };
    expect(await creditConfirmedDeposits(context)).toMatchObject({ credited: 1 });
    expect(await creditConfirmedBnbCharges(context)).toMatchObject({ credited: 1 });

    // RUSD bought with USDT.
    await post(w, '/api/user/charge', { amount: '10' });

    // An airdrop claimed.
    const campaign = await post(t.admin, '/api/admin/airdrops', { asset: 'coin', amount: '1', starts_at: at(-HOUR), ends_at: at(HOUR) });
    await post(w, `/api/airdrops/${campaign.id}/claim`);

    // The points shop: a physical order, paid.
    const goods = await post(t.admin, '/api/admin/shop/goods', { title: 'Reef mug', price: '50', asset: 'mineral', stock: 10, kind: 'physical' });
    const address = await post(w, '/api/address', { name: 'Ana', phone: '+55 11 91234-5678', region: 'São Paulo SP', detail: 'Rua A, 1' });
    const order = await post(w, '/api/point/order', { goods_id: goods.id, quantity: 1, address_id: address.id });
    await post(w, `/api/point/pay/id/${order.id}`, { password: PASSWORD });

    // The game zone: blind boxes until one pays, and a raffle prize.
    let payout = '0';
    for (let round = 0; round < 60 && Number(payout) === 0; round += 1) {
      payout = (await post(w, '/api/game/blind-box', { asset: 'game', amount: '1', box: 1 })).round.payout;
    }
    expect(Number(payout)).toBeGreaterThan(0);
    await post(t.admin, '/api/admin/game/raffle', {
      segments: [
        { asset: 'game', amount: '2', weight: 1 },
        { asset: 'game', amount: '1', weight: 1 },
      ],
    });
    await post(t.admin, '/api/admin/game/raffle/spins', { uid: w.uid, spins: 1 });
    await post(w, '/api/game/raffle');

    // Cards: starter purchases, listings, a matched order (reserve, change back), a sale, a released order, a renewal.
    const typeId = await createCardType(t);
    const s1 = await openSession(t, typeId);
    await buyStarter(t, peer, typeId);
    const wCard = await buyStarter(t, w, typeId);
    const peerCard = (await get(peer, '/api/project/card/my')).list[0].id as number;
    await closeSession(t, s1);
    advanceClock(DAY + HOUR);
    await ok('peer lists', listCard(t, peer, peerCard));
    await ok('walker lists', listCard(t, w, wCard));
    const s2 = await openSession(t, typeId);
    const bought = await ok('walker buys', placeOrder(t, w, typeId, '100', '110'));
    expect(bought).toMatchObject({ state: 'completed', card_id: peerCard });
    expect(await ok('peer buys', placeOrder(t, peer, typeId, '100', '110'))).toMatchObject({ state: 'completed', card_id: wCard });
    expect(await ok('walker waits', placeOrder(t, w, typeId, '200', '210'))).toMatchObject({ state: 'waiting' });
    await closeSession(t, s2);
    advanceClock(DAY + HOUR);
    await post(w, `/api/project/card/renewal/${peerCard}`);

    // Mining: a miner bought by the walker, its first day's output collected; the tree's purchases pay the rewards.
    const miner = await post(t.admin, '/api/admin/mining/products', {
      name: 'Walk miner',
      price: '100',
      price_asset: 'usdt',
      period_days: 30,
      multiple: '1.5',
      daily_output: '5',
      output_asset: 'coin',
    });
    await post(w, `/api/project/mining_machine/${miner.id}`, { quantity: 1, asset: 'usdt' });
    for (const [name, quantity] of [
      ['X', 10],
      ['A2', 3],
    ] as const) {
      await t.fund(tree[name]!.uid, 'usdt', String(100 * quantity));
      await post(tree[name]!, `/api/project/mining_machine/${miner.id}`, { quantity, asset: 'usdt' });
    }
    await runRewards(t.database.db);
    await settleDividends(t.database.db, new Date(nowMs() + DAY));
    advanceClock(DAY + 1000);
    await settleMining(t.database.db);
    const [ripe] = await get(w, '/api/project/mining_machine/bubble').then((page) => page.list as { id: number; state: string }[]);
    expect(ripe?.state).toBe('ripe');
    await post(w, `/api/project/mining_machine/bubble/${ripe!.id}`);

    // A pledge with a fee, paid its interest and its principal back.
    const pledge = await post(t.admin, '/api/admin/pledge/products', {
      name: 'Walk pledge',
      product_type: 'fixed',
      asset: 'usdt',
      interest_asset: 'coin',
      cycle_days: 1,
      annual_rate: '0.365',
      min_lock: '100',
      max_per_user: '1000',
      total_cap: '1500',
      fee_rate: '0.01',
      sale_starts_at: at(HOUR),
      sale_ends_at: at(HOUR + DAY),
      dividend_at: at(HOUR + DAY),
      release_days: 1,
    });
    advanceClock(2 * HOUR);
    await post(w, `/api/project/pledge/${pledge.id}`, { amount: '100' });
    for (let day = 0; day < 4; day += 1) {
      advanceClock(DAY);
      await settlePledge(t.database.db);
    }
    const position = (await get(w, '/api/project/pledge/my')).list[0];
    expect(position.state).toBe('released');

    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  }, 600_000);

  it('then every view of their money answers 200 and parses, and every posting kind shows up', async () => {
    /** Every page of a paged view, parsed with the contract. */
    const allPages = async <T>(url: (page: number) => string, parse: (data: unknown) => { list: T[]; total: number }, token = w.token) => {
      const lines: T[] = [];
      for (let page = 1; ; page += 1) {
        const res = await t.call({ method: 'GET', url: url(page), token });
        expect([res.http, res.status], `${url(page)}: ${res.msg}`).toEqual([200, 200]);
        const parsed = parse(res.data);
        lines.push(...parsed.list);
        if (parsed.list.length === 0 || lines.length >= parsed.total) return lines;
      }
    };
    const bills = ledgerApi.listBills.response;
    const all = await allPages(
      (page) => `/api/finance/bill/all?page=${page}&limit=100`,
      (data) => bills.parse(data),
    );
    const perAsset = [];
    for (const asset of ASSET_KEYS)
      perAsset.push(
        ...(await allPages(
          (page) => `/api/finance/bill/${asset}?page=${page}&limit=100`,
          (data) => bills.parse(data),
        )),
      );
    // The per-asset bills are the whole bill, split.
    expect(perAsset.map((line) => line.id).sort((a, b) => a - b)).toEqual(all.map((line) => line.id).sort((a, b) => a - b));

    const journal = await allPages(
      (page) => `/api/admin/users/${w.uid}/journal?page=${page}&limit=100`,
      (data) => consoleApi.adminUserJournal.response.parse(data),
      t.admin.token,
    );
    expect(journal.map((line) => line.id).sort((a, b) => a - b)).toEqual(all.map((line) => line.id).sort((a, b) => a - b));

    const incomes = incomesApi.incomes.response.parse(await get(w, '/api/user/incomes'));
    expect(new Set(incomes.list.map((row) => row.kind))).toEqual(new Set(['direct', 'indirect', 'performance', 'same_level', 'dividend']));
    const award = incomesApi.award.response.parse(await get(w, '/api/user/award'));
    for (const row of award.list) expect(row.totals.length, row.kind).toBeGreaterThan(0);

    const seen = new Set<PostingKind>(all.map((line) => line.kind));
    const systemOnly = Object.keys(SYSTEM_ONLY_POSTING_KINDS) as PostingKind[];
    expect(POSTING_KINDS.filter((k) => !seen.has(k) && !systemOnly.includes(k))).toEqual([]);
    // A system-only kind never reaches a user's line, and the walk wrote each on a system account's line.
    expect(systemOnly.filter((k) => seen.has(k))).toEqual([]);
    const systemKinds = (
      (await t.database.db.execute(sql`select distinct kind from postings where user_id is null`)) as unknown as { rows: { kind: string }[] }
    ).rows.map((r) => r.kind);
    expect(systemOnly.filter((k) => !systemKinds.includes(k))).toEqual([]);
  }, 300_000);
});
