import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { processCommunityEvents } from './community.service.js';

/**
 * The tree (→ = referred):  A → B, C;  B → D, E;  D → F;  C → G.  Four generations: A, B, D, F.
 * Miners at 100 USDT each (a qualifying purchase worth 100 per unit at factor 1).
 */
describe.each(databaseKinds)('community team figures, levels and leaders (%s)', (kind) => {
  let t: TestApp, productId: number;
  const u: Record<string, SignedInUser> = {};
  withTestApp({ kind }, async (app) => {
    t = app;
    u.A = await t.signIn();
    u.B = await t.signIn(undefined, u.A.uid);
    u.C = await t.signIn(undefined, u.A.uid);
    u.D = await t.signIn(undefined, u.B.uid);
    u.E = await t.signIn(undefined, u.B.uid);
    u.F = await t.signIn(undefined, u.D.uid);
    u.G = await t.signIn(undefined, u.C.uid);
    for (const name of Object.keys(u)) await t.fund(u[name]!.uid, 'usdt', '10000');
    const product = await t.call({
      method: 'POST',
      url: '/api/admin/mining/products',
      token: t.admin.token,
      payload: { name: 'Team miner', price: '100', price_asset: 'usdt', period_days: 30, multiple: '1.5', daily_output: '1', output_asset: 'coin' },
    });
    expect(product.status, product.msg).toBe(200);
    productId = product.data.id;
  });

  const buy = async (user: SignedInUser, quantity: number) => {
    const res = await t.call({ method: 'POST', url: `/api/project/mining_machine/${productId}`, token: user.token, payload: { quantity, asset: 'usdt' } });
    expect(res.status, res.msg).toBe(200);
  };
  const process = () => processCommunityEvents(t.database.db);
  const community = async (user: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/project/community', token: user.token });
    expect(res.status, res.msg).toBe(200);
    return res.data;
  };
  const figures = async (user: SignedInUser) => (await community(user)).figures;
  const putLevel = (level: number, payload: Record<string, unknown>, token = t.admin.token) =>
    t.call({ method: 'POST', url: `/api/admin/community/levels/${level}`, token, payload });

  it('counts direct and indirect members on every bind, before any purchase', async () => {
    expect(await figures(u.A!)).toMatchObject({ direct_count: 2, indirect_count: 4, team_total: 6, team_performance: '0.00000000' });
    expect(await figures(u.B!)).toMatchObject({ direct_count: 2, indirect_count: 1, team_total: 3 });
    expect(await figures(u.F!)).toMatchObject({ direct_count: 0, indirect_count: 0, team_total: 0 });
  });

  it('adds purchases to the buyer and every ancestor, with the large and small areas, across generations', async () => {
    await buy(u.F!, 3); // 300
    await buy(u.E!, 1); // 100
    await buy(u.G!, 2); // 200
    await buy(u.B!, 1); // 100
    await buy(u.A!, 1); // 100
    expect(await process()).toBeGreaterThanOrEqual(5);
    // D: team 300 (F), one branch F = 300 → large 300, small 0.
    expect(await figures(u.D!)).toMatchObject({
      own_performance: '0.00000000',
      team_performance: '300.00000000',
      large_area: '300.00000000',
      small_area: '0.00000000',
    });
    // B: own 100; branches D = 0 + 300 and E = 100 + 0 → team 400, large 300, small 100.
    expect(await figures(u.B!)).toMatchObject({
      own_performance: '100.00000000',
      team_performance: '400.00000000',
      large_area: '300.00000000',
      small_area: '100.00000000',
    });
    // C: G = 200 → team 200, large 200.
    expect(await figures(u.C!)).toMatchObject({ team_performance: '200.00000000', large_area: '200.00000000', small_area: '0.00000000' });
    // A: own 100; branches B = 100 + 400 = 500 and C = 0 + 200 = 200 → team 700, large 500, small 200.
    expect(await figures(u.A!)).toMatchObject({
      direct_count: 2,
      indirect_count: 4,
      own_performance: '100.00000000',
      team_performance: '700.00000000',
      large_area: '500.00000000',
      small_area: '200.00000000',
    });
    // Processing again changes nothing: each event is counted once.
    expect(await process()).toBe(0);
    expect((await figures(u.A!)).team_performance).toBe('700.00000000');
  });

  it('hangs a subtree that already has performance under a new referrer: its members and performance move up', async () => {
    const h = await t.signIn();
    const i = await t.signIn(undefined, h.uid);
    await t.fund(i.uid, 'usdt', '1000');
    await buy(i, 1); // 100 under H before H binds
    await process();
    expect(await figures(h)).toMatchObject({ direct_count: 1, team_performance: '100.00000000', large_area: '100.00000000' });
    expect((await t.call({ method: 'POST', url: '/api/binding', token: h.token, payload: { uid: u.G!.uid } })).status).toBe(200);
    // G: direct H; branch H = 0 + 100 → team 100, large 100.
    expect(await figures(u.G!)).toMatchObject({ direct_count: 1, indirect_count: 1, team_performance: '100.00000000', large_area: '100.00000000' });
    // C: branch G = 200 + 100 = 300 → team 300, large 300, indirect H and I.
    expect(await figures(u.C!)).toMatchObject({ direct_count: 1, indirect_count: 2, team_performance: '300.00000000', large_area: '300.00000000' });
    // A: branches B = 500 and C = 300 → team 800, large 500, small 300.
    expect(await figures(u.A!)).toMatchObject({ indirect_count: 6, team_total: 8, team_performance: '800.00000000', small_area: '300.00000000' });
  });

  it('recomputes levels on a level change and on purchases; user info follows; the next level shows progress', async () => {
    // V1: small area 100 and 2 direct. V2: small area 400, 2 direct, and 1000 USDT held.
    expect((await putLevel(1, { name: 'Coral', min_small_area: '100', min_direct: 2, holding_asset: null, min_holding: '0' })).status).toBe(200);
    expect((await putLevel(2, { name: 'Reef', min_small_area: '400', min_direct: 2, holding_asset: 'usdt', min_holding: '1000' })).status).toBe(200);
    const a = await community(u.A!); // small 300, direct 2 → V1
    expect(a).toMatchObject({ level: 1, level_name: 'Coral' });
    expect(a.next_level).toEqual({
      level: 2,
      name: 'Reef',
      small_area: { required: '400.00000000', current: '300.00000000', met: false },
      direct_count: { required: 2, current: 2, met: true },
      holding: { asset: 'usdt', required: '1000.00000000', current: '9900.00000000', met: true },
    });
    expect(await community(u.B!)).toMatchObject({ level: 1 }); // small 100, direct 2
    expect(await community(u.C!)).toMatchObject({ level: 0, level_name: 'V0' }); // one direct
    // G buys 1 more: C's branch G grows to 400, A's C branch to 400 → A's small area 400 (team 900 − large 500): V2.
    await buy(u.G!, 1);
    await process();
    expect(await community(u.A!)).toMatchObject({ level: 2, level_name: 'Reef', next_level: null });
    // Mine reads the level by the same name as the community page (issue 25 §11), V0 included.
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: u.A!.token })).data).toMatchObject({ level: 2, level_name: 'Reef' });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: u.B!.token })).data).toMatchObject({ level: 1, level_name: 'Coral' });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: u.C!.token })).data).toMatchObject({ level: 0, level_name: 'V0' });
    // The change is audited.
    const audit = await t.database.db.execute(sql`select count(*)::int as n from business_events where type = 'community.admin_changed'`);
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('reads my figures in one primary-key lookup that never touches the closure table', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(sql`explain select * from community_members m join users u on u.id = m.user_id where m.user_id = ${u.A!.uid}`);
      const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
      expect(text).toContain('community_members_pkey');
      expect(text).not.toContain('referral_paths');
    });
  });

  it('lists direct and indirect members with their figures and my remarks', async () => {
    const children = await t.call({ method: 'GET', url: '/api/user/childrenList?page=1&limit=10', token: u.A!.token });
    expect(children.data.total).toBe(2);
    expect(children.data.list.map((m: { uid: number }) => m.uid)).toEqual([u.C!.uid, u.B!.uid]);
    expect(children.data.list[1]).toMatchObject({ depth: 1, level: 1, figures: { team_performance: '400.00000000' }, remark: null });
    const spread = await t.call({ method: 'GET', url: '/api/user/spread/list?page=1&limit=10', token: u.A!.token });
    expect(spread.data).toEqual(children.data);

    expect((await t.call({ method: 'POST', url: `/api/user/remark/${u.B!.uid}`, token: u.A!.token, payload: { remark: ' my best diver ' } })).data).toEqual({
      uid: u.B!.uid,
      remark: 'my best diver',
    });
    const withRemark = await t.call({ method: 'GET', url: '/api/user/childrenList', token: u.A!.token });
    expect(withRemark.data.list.find((m: { uid: number }) => m.uid === u.B!.uid).remark).toBe('my best diver');

    const sub = await t.call({ method: 'GET', url: '/api/user/subSpreadList?limit=100', token: u.A!.token });
    expect(sub.data.total).toBe(6);
    expect(sub.data.list.map((m: { depth: number }) => m.depth)).toEqual([2, 2, 2, 3, 3, 4]);
    const third = await t.call({ method: 'GET', url: '/api/user/subSpreadList?depth=3', token: u.A!.token });
    expect(third.data.total).toBe(2);
    // B does not see A's remark.
    const bList = await t.call({ method: 'GET', url: '/api/user/childrenList', token: u.B!.token });
    expect(bList.data.list.every((m: { remark: unknown }) => m.remark === null)).toBe(true);
  });

  it('refuses a remark on anyone outside my team (myself, my upline, a stranger) and bad input, changing nothing', async () => {
    const stranger = await t.signIn();
    for (const id of [u.B!.uid, u.D!.uid, stranger.uid]) {
      const res = await t.call({ method: 'POST', url: `/api/user/remark/${id}`, token: u.E!.token, payload: { remark: 'x' } });
      expect(res.data.code).toBe('NOT_IN_TEAM');
    }
    expect((await t.call({ method: 'POST', url: `/api/user/remark/${u.E!.uid}`, token: u.E!.token, payload: { remark: 'x' } })).data.code).toBe('NOT_IN_TEAM');
    for (const [id, payload] of [
      [u.B!.uid, {}],
      [u.B!.uid, { remark: 5 }],
      [u.B!.uid, { remark: 'x'.repeat(51) }],
      [u.B!.uid, { remark: 'a\u0000b' }],
      [u.B!.uid, { remark: 'ok', extra: 1 }],
      [0, { remark: 'ok' }],
      [-3, { remark: 'ok' }],
      ['abc', { remark: 'ok' }],
      [3_000_000_000, { remark: 'ok' }],
    ] as const) {
      const res = await t.call({ method: 'POST', url: `/api/user/remark/${id}`, token: u.A!.token, payload });
      expect(res.data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    const list = await t.call({ method: 'GET', url: '/api/user/childrenList', token: u.A!.token });
    expect(list.data.list.find((m: { uid: number }) => m.uid === u.B!.uid).remark).toBe('my best diver');
    for (const q of ['page=0', 'limit=101', 'limit=-1', 'page=x']) {
      expect((await t.call({ method: 'GET', url: `/api/user/childrenList?${q}`, token: u.A!.token })).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/user/subSpreadList?depth=1', token: u.A!.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('keeps a contact line, cleared by an empty one, and refuses one too long', async () => {
    const set = (contact: unknown) => t.call({ method: 'POST', url: '/api/community/contact', token: u.D!.token, payload: { contact } });
    expect((await set('  wechat: reef-d ')).data).toEqual({ contact: 'wechat: reef-d' });
    expect((await set('x'.repeat(61))).data.code).toBe('PARAMETER_ERROR');
    expect((await set('line\nbreak')).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'GET', url: '/api/community/contact', token: u.D!.token })).data).toEqual({ contact: 'wechat: reef-d' });
  });

  it('serves leader routes to a leader only, and a member only within the leader team', async () => {
    // A non-leader is refused on every leader route.
    expect((await t.call({ method: 'POST', url: '/api/leader/info', token: u.B!.token, payload: {} })).data.code).toBe('NOT_LEADER');
    expect((await t.call({ method: 'GET', url: '/api/leader/users', token: u.B!.token })).data.code).toBe('NOT_LEADER');
    expect((await t.call({ method: 'GET', url: `/api/leader/user/${u.D!.uid}`, token: u.B!.token })).data.code).toBe('NOT_LEADER');
    // The community page says whether its reader leads, so a member's page never asks the leader route.
    const communityLeader = async () => (await t.call({ method: 'GET', url: '/api/project/community', token: u.B!.token })).data.leader;
    expect(await communityLeader()).toBe(false);
    // The operator appoints B (the cards' audited leader flag).
    expect((await t.call({ method: 'POST', url: `/api/admin/cards/leaders/${u.B!.uid}`, token: t.admin.token, payload: { leader: true } })).status).toBe(200);
    expect(await communityLeader()).toBe(true);
    const info = await t.call({ method: 'POST', url: '/api/leader/info', token: u.B!.token, payload: {} });
    expect(info.data).toMatchObject({ uid: u.B!.uid, level: 1, figures: { team_total: 3, team_performance: '400.00000000' } });
    expect(info.data.members_by_level).toEqual([{ level: 0, name: 'V0', count: 3 }]);
    const users = await t.call({ method: 'GET', url: '/api/leader/users', token: u.B!.token });
    expect(users.data.total).toBe(3);
    expect(users.data.list.find((m: { uid: number }) => m.uid === u.D!.uid)).toMatchObject({ contact: 'wechat: reef-d', depth: 1, referrer_uid: u.B!.uid });
    const f = await t.call({ method: 'GET', url: `/api/leader/user/${u.F!.uid}`, token: u.B!.token });
    expect(f.data).toMatchObject({ uid: u.F!.uid, depth: 2, figures: { own_performance: '300.00000000' } });
    // Outside B's team: C and G (another branch), A (the upline), B itself.
    for (const id of [u.C!.uid, u.G!.uid, u.A!.uid, u.B!.uid]) {
      expect((await t.call({ method: 'GET', url: `/api/leader/user/${id}`, token: u.B!.token })).data.code).toBe('NOT_IN_TEAM');
    }
    for (const id of ['0', 'x', '3000000000']) {
      expect((await t.call({ method: 'GET', url: `/api/leader/user/${id}`, token: u.B!.token })).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'POST', url: '/api/leader/info', token: u.B!.token, payload: { x: 1 } })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'GET', url: '/api/leader/users?level=101', token: u.B!.token })).data.code).toBe('PARAMETER_ERROR');
    const byLevel = await t.call({ method: 'GET', url: '/api/leader/users?level=1', token: u.B!.token });
    expect(byLevel.data.total).toBe(0);
  });

  it('lets operators set the qualifying kinds and factors (audited), refuses bad input and non-operators', async () => {
    const rules = await t.call({ method: 'GET', url: '/api/admin/community/qualifying', token: t.admin.token });
    expect(rules.data.kinds).toContainEqual({ kind: 'miner', counts: true });
    const off = await t.call({ method: 'POST', url: '/api/admin/community/qualifying/kinds/miner', token: t.admin.token, payload: { counts: false } });
    expect(off.data.kinds).toContainEqual({ kind: 'miner', counts: false });
    // A miner bought now does not count.
    const before = (await figures(u.A!)).team_performance;
    await buy(u.E!, 1);
    await process();
    expect((await figures(u.A!)).team_performance).toBe(before);
    await t.call({ method: 'POST', url: '/api/admin/community/qualifying/kinds/miner', token: t.admin.token, payload: { counts: true } });
    const coin = await t.call({ method: 'POST', url: '/api/admin/community/qualifying/assets/coin', token: t.admin.token, payload: { factor: '0.25' } });
    expect(coin.data.assets).toContainEqual({ asset: 'coin', factor: '0.25000000' });
    const removed = await t.call({ method: 'POST', url: '/api/admin/community/qualifying/assets/coin', token: t.admin.token, payload: { factor: null } });
    expect(removed.data.assets.some((a: { asset: string }) => a.asset === 'coin')).toBe(false);
    for (const [url, payload] of [
      ['kinds/bogus', { counts: true }],
      ['kinds/miner', { counts: 'yes' }],
      ['assets/usdt', { factor: '0' }],
      ['assets/usdt', { factor: '-1' }],
      ['assets/usdt', { factor: '1.000000001' }],
      ['assets/usdt', {}],
      ['assets/gold', { factor: '1' }],
    ] as const) {
      const res = await t.call({ method: 'POST', url: `/api/admin/community/qualifying/${url}`, token: t.admin.token, payload });
      expect(res.data.code, url).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/community/qualifying', token: t.admin.token })).data.assets).toContainEqual({
      asset: 'usdt',
      factor: '1.00000000',
    });
    expect((await t.call({ method: 'POST', url: '/api/admin/community/qualifying/kinds/miner', token: u.A!.token, payload: { counts: false } })).http).toBe(
      403,
    );
    const audit = await t.database.db.execute(sql`select payload from business_events where type = 'community.admin_changed' order by id`);
    const targets = (audit as unknown as { rows: { payload: { target: string } }[] }).rows.map((r) => r.payload.target);
    expect(targets).toEqual(expect.arrayContaining(['level', 'qualifying_kind', 'performance_asset']));
  });

  it('refuses bad level input and a non-zero V0, changing nothing; deletes a level and users fall back', async () => {
    const good = { name: 'Pearl', min_small_area: '1', min_direct: 0, holding_asset: null, min_holding: '0' };
    for (const [level, payload] of [
      [3, { ...good, min_small_area: '-1' }],
      [3, { ...good, min_small_area: '0.123456789' }],
      [3, { ...good, min_direct: -1 }],
      [3, { ...good, min_direct: 1.5 }],
      [3, { ...good, name: '' }],
      [3, { ...good, name: 'x'.repeat(31) }],
      [3, { ...good, holding_asset: 'gold' }],
      [101, good],
      [-1, good],
      [3, { name: 'Pearl' }],
    ] as const) {
      expect((await putLevel(level, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await putLevel(0, { ...good, name: 'Sand' })).data.code).toBe('COMMUNITY_LEVEL_ZERO_FIXED');
    expect((await putLevel(3, good, u.A!.token)).http).toBe(403);
    const levels = await t.call({ method: 'GET', url: '/api/admin/community/levels', token: t.admin.token });
    expect(levels.data.list.map((l: { level: number }) => l.level)).toEqual([0, 1, 2]);
    expect((await t.call({ method: 'DELETE', url: '/api/admin/community/levels/0', token: t.admin.token })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'DELETE', url: '/api/admin/community/levels/9', token: t.admin.token })).data.code).toBe('NOT_FOUND');
    expect((await t.call({ method: 'DELETE', url: '/api/admin/community/levels/2', token: t.admin.token })).status).toBe(200);
    expect(await community(u.A!)).toMatchObject({ level: 1 });
    const admin = await t.call({ method: 'GET', url: `/api/admin/community/users/${u.A!.uid}`, token: t.admin.token });
    expect(admin.data).toMatchObject({ uid: u.A!.uid, level: 1, leader: false });
  });

  it('gives exact totals when members of one team buy at once while two consumers run', async () => {
    const root = await t.signIn();
    const mid = await t.signIn(undefined, root.uid);
    const buyers: SignedInUser[] = [];
    for (let i = 0; i < 6; i++) {
      const b = await t.signIn(undefined, i % 2 === 0 ? root.uid : mid.uid);
      await t.fund(b.uid, 'usdt', '1000');
      buyers.push(b);
    }
    // 6 buyers × 2 purchases × (1 + index % 3) units of 100, while consumers run alongside.
    const buys = buyers.flatMap((b, i) => [buy(b, 1 + (i % 3)), buy(b, 1 + (i % 3))]);
    await Promise.all([...buys, process(), process(), process()]);
    await Promise.all([process(), process()]);
    // Units: i = 0..5 → 1, 2, 3, 1, 2, 3 twice each = 24 units → 2400. mid's buyers: i = 1, 3, 5 → (2 + 1 + 3) × 2 = 12 units.
    expect(await figures(root)).toMatchObject({ direct_count: 4, indirect_count: 3, team_performance: '2400.00000000', large_area: '1200.00000000' });
    expect(await figures(mid)).toMatchObject({ team_performance: '1200.00000000' });
  });
});
