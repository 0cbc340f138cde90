/**
 * The community centre (issue 13, decision 067) with a real wallet, on the suite's shared server. A referrer's team
 * of two generations buys miners through the API (each a qualifying purchase); the referrer finds the centre from
 * Home, reads the team figures and the two areas drawn, the next level's progress, keeps a private remark on a direct
 * member and sees the indirect one. Not a leader, they see no leader area; once the operator flags them, the leader
 * area leads to their team and to one member's details.
 *
 * The team (USDT): R ← A (buys 100) ← C (buys 50); R ← B (buys 30).
 *   A's branch = A's own 100 + A's team 50 = 150 (the large area); B's branch = 30 (the small area);
 *   team performance = 100 + 50 + 30 = 180; direct 2 (A, B), indirect 1 (C), team total 3.
 *   Picture: the small column is 30 / 150 = 20 % of the large one's height; the small area is 30 / 180 = 16 % of both.
 */
import { STORAGE } from '../fixtures/app';
import { buyFor, createTeamProduct, myCommunity, putLevel, setLeader, signUpUnder } from '../fixtures/community';
import { expect, test } from '../fixtures/test';

test('a referrer sees the team figures and areas, keeps a remark, and sees the leader pages only once a leader', async ({ page, wallet, api, app }) => {
  test.setTimeout(120_000);
  const referrer = await api.signInViaApi(wallet.privateKey);
  const a = await signUpUnder(api, referrer.uid);
  const b = await signUpUnder(api, referrer.uid);
  const c = await signUpUnder(api, a.uid);
  await buyFor(api, a, await createTeamProduct(api, '100'));
  await buyFor(api, c, await createTeamProduct(api, '50'));
  await buyFor(api, b, await createTeamProduct(api, '30'));
  // V1 asks a small area of 100 and 3 direct members: the referrer has 30 (30 %) and 2 (66 %).
  await putLevel(api, 1, { name: 'V1', min_small_area: '100', min_direct: 3, holding_asset: null, min_holding: '0' });
  await expect.poll(async () => (await myCommunity(api, referrer.token)).figures.team_performance, { timeout: 15_000 }).toBe('180.00000000');

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();

  // Home's tile leads to the centre.
  await page.getByTestId('quick-community').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community');
  await expect(page.getByTestId('team-direct')).toHaveText('2');
  await expect(page.getByTestId('team-indirect')).toHaveText('1');
  await expect(page.getByTestId('team-total')).toHaveText('3');
  await expect(page.getByTestId('team-own')).toHaveText('0.0000 USDT');
  await expect(page.getByTestId('team-team')).toHaveText('180.0000 USDT');
  await expect(page.getByTestId('team-large')).toHaveText('150.0000 USDT');
  await expect(page.getByTestId('team-small')).toHaveText('30.0000 USDT');

  // The picture: the large column full, the small one a fifth of it, and the same in words for a screen reader.
  const areas = page.getByTestId('team-areas');
  await expect(areas).toHaveAttribute('data-large', '100');
  await expect(areas).toHaveAttribute('data-small', '20');
  await expect(areas.getByRole('img', { name: 'My two areas' })).toBeVisible();
  await expect(areas.locator('desc')).toHaveText('Large area 150.0000 USDT, small area 30.0000 USDT; the small area is 16% of both.');

  // The next level and the way there.
  await expect(page.getByTestId('team-level-next')).toHaveText('Next: V1 — 0 of 2 met');
  await expect(page.getByTestId('level-small-area').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByTestId('level-direct').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66');
  await expect(page.getByTestId('team-invite-link')).toHaveAttribute('href', '#/pages/community/invite');

  // Not a leader: no leader area.
  await expect(page.getByTestId('team-figures')).toBeVisible();
  await expect(page.getByTestId('leader-area')).toHaveCount(0);

  // Direct members, each with their figures; a private remark on A.
  await page.getByTestId('team-direct-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Direct members');
  await expect(page.getByTestId('team-member')).toHaveCount(2);
  const rowA = page.locator(`[data-testid="team-member"][data-uid="${a.uid}"]`);
  await expect(rowA.getByTestId(`member-${a.uid}-own`)).toHaveText('100.0000 USDT');
  await expect(rowA.getByTestId(`member-${a.uid}-team`)).toHaveText('50.0000 USDT');
  await expect(rowA.getByTestId(`member-${a.uid}-remark`)).toHaveText('No remark');
  await rowA.getByTestId(`member-${a.uid}-edit-remark`).click();
  await page.getByTestId('remark-input').fill('Met at the reef meetup');
  await page.getByTestId('remark-save').click();
  await expect(app.toast()).toHaveText('Remark saved');
  await expect(rowA.getByTestId(`member-${a.uid}-remark`)).toHaveText('Remark: Met at the reef meetup');
  const direct = await api.data<{ list: { uid: number; remark: string | null }[] }>('GET', '/api/user/spread/list', { token: referrer.token });
  expect(direct.list.find((member) => member.uid === a.uid)?.remark).toBe('Met at the reef meetup');

  // Indirect members: C, a generation further down.
  await page.getByTestId('members-tab-indirect').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indirect members');
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.locator(`[data-testid="team-member"][data-uid="${c.uid}"]`)).toContainText('Generation 2');

  // The operator flags the referrer a leader: the centre shows the leader area, which leads to the team and a member.
  await setLeader(api, referrer.uid, true);
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId('leader-area')).toBeVisible();
  await page.getByTestId('leader-area-team').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leader centre');
  await expect(page.getByTestId('leader-figures-total')).toHaveText('3');
  await expect(page.getByTestId('leader-member')).toHaveCount(3);
  await page.getByTestId(`leader-member-${c.uid}-open`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team member');
  await expect(page.getByTestId('leader-member-details')).toHaveAttribute('data-uid', String(c.uid));
  await expect(page.getByTestId('leader-member-referrer')).toHaveText(`UID ${a.uid}`);
  await expect(page.getByTestId('leader-member-figures-own')).toHaveText('50.0000 USDT');

  // A member who does not lead: the centre has no leader area, and the leader page says it is for leaders.
  await setLeader(api, referrer.uid, false);
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId('leader-not-leader')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community');
  await expect(page.getByTestId('team-figures')).toBeVisible();
  await expect(page.getByTestId('leader-area')).toHaveCount(0);
});
