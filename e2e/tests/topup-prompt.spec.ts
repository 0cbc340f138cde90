/**
 * The recharge prompt on a short balance (issue 25 §12, decision 121) wherever money is spent beyond the funds pages:
 * a miner, a pledge, a game bet and a shop payment. A user with too little shows the prompt before anything can be
 * confirmed — what is short, by how much, and the way to top up that asset — in six languages at 360 and 390 px; a
 * balance that fell after the page read it brings the same prompt from the server's answer (a bet refused, a payment
 * failed). The mining prompt's link is followed once, to the recharge page on the asset that ran short.
 */
import type { Locator, Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { expectFits, LANGUAGES, say, switchLanguage, type Language } from '../fixtures/catalogue';
import { createMiningProduct } from '../fixtures/mining';
import { visitByHash } from '../fixtures/pages';
import { DAY } from '../fixtures/cards';
import { createPledgeProduct } from '../fixtures/pledge';
import { createGoods } from '../fixtures/shop';
import { expect, test } from '../fixtures/test';

const PASSWORD = '319264';

/** The notice in a form: its title (when the form has none of its own), the shortfall, the sentence, the link. */
async function expectNotice(
  page: Page,
  notice: Locator,
  language: Language,
  widths: readonly number[],
  expected: { title?: string; short: string; text: string; link?: { testId: string; href: string } },
) {
  await expect(notice).toBeVisible();
  if (expected.title !== undefined) await expect(notice).toContainText(expected.title);
  await expect(notice.getByTestId(/-recharge-short$/)).toHaveText(expected.short);
  await expect(notice).toContainText(expected.text);
  if (expected.link === undefined) await expect(notice.getByRole('link')).toHaveCount(0);
  else {
    const link = notice.getByTestId(expected.link.testId);
    await expect(link).toHaveText(say(language, 'rechargePrompt.recharge'));
    await expect(link).toHaveAttribute('href', expected.link.href);
  }
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await expectFits(page, notice);
  }
}

test('mining, pledge, a game bet and a shop payment show the recharge prompt with the shortfall before confirming, and on the server’s answer (six languages, 360 and 390 px)', async ({
  page,
  wallet,
  api,
  app,
}) => {
  // Four pages at two widths in six languages, and two refusals: about a minute and a half on a loaded machine.
  test.setTimeout(300_000);
  const user = await api.signInViaApi(wallet.privateKey);
  // 30 USDT: a 100 USDT miner is 70 short, a 120.5 USDT pledge 90.5 short.
  await api.fund(user.uid, 'usdt', '30');
  // 20 GP and 55 RSC cover the bet and the payment when their pages open; each is cut before confirming, below.
  await api.fund(user.uid, 'game', '20');
  await api.fund(user.uid, 'coin', '55');
  await api.setPayPassword(user.token, PASSWORD);
  const miner = await createMiningProduct(api, {
    name: 'Top-up prompt drill',
    price: '100',
    price_asset: 'usdt',
    period_days: 30,
    multiple: '1.5',
    daily_output: '5',
    output_asset: 'coin',
  });
  const pledge = await createPledgeProduct(
    api,
    {
      name: 'Top-up prompt pledge',
      product_type: 'fixed term',
      asset: 'usdt',
      interest_asset: 'coin',
      cycle_days: 30,
      annual_rate: '0.1',
      min_lock: '100',
      max_per_user: '10000',
      total_cap: '1000000',
      fee_rate: '0.01',
      release_days: 0,
    },
    { opensInMs: -60_000, saleMs: 30 * DAY },
  );
  const goods = await createGoods(api, { title: 'Top-up prompt voucher', price: '40', asset: 'coin', stock: 100, kind: 'virtual' });
  const order = await api.data<{ id: number }>('POST', '/api/point/order', { token: user.token, body: { goods_id: goods.id, quantity: 1 } });

  await app.presetStorage({ [STORAGE.language]: LANGUAGES[0] });
  await page.setViewportSize({ width: 360, height: 740 });
  await app.signIn();

  // The server's side, once, in the first language. A bet the page thought covered: the balance falls to 5 GP before
  // the tap, the server refuses, and its refusal opens the prompt; the refreshed balance then shows the shortfall.
  const first = LANGUAGES[0];
  await visitByHash(page, '/pages/game/index');
  await expect(page.getByTestId('blind-box-balance-game')).toHaveAttribute('data-amount', '20.00000000');
  await page.getByTestId('blind-box-1').click();
  await page.getByTestId('blind-box-amount').fill('12.5');
  await expect(page.getByTestId('blind-box-recharge-notice')).toHaveCount(0);
  await api.fund(user.uid, 'game', '-15');
  await page.getByTestId('blind-box-play').click();
  const betSheet = page.getByTestId('blind-box-recharge-prompt');
  await expect(betSheet.getByRole('heading')).toHaveText('餘額不足');
  await expect(betSheet).toContainText(say(first, 'rechargePrompt.points', { symbol: 'GP' }));
  await betSheet.getByRole('button', { name: say(first, 'common.later') }).click();
  await expect(betSheet).toBeHidden();
  await expect(page.getByTestId('blind-box-recharge-notice')).toBeVisible();
  await expect(page.getByTestId('blind-box-play')).toBeDisabled();

  // A payment the page thought covered: 55 RSC fall to 15 while the review is open; the order comes back failed, and
  // the prompt opens on the coin, leading to its recharge.
  await visitByHash(page, `/pages/shop/order?id=${order.id}`);
  await page.getByTestId('shop-pay-submit').click();
  await page.getByTestId('shop-pay-password').fill(PASSWORD);
  await api.fund(user.uid, 'coin', '-40');
  await page.getByTestId('shop-pay-confirm').click();
  const paySheet = page.getByTestId('shop-pay-recharge-prompt');
  await expect(paySheet.getByRole('heading')).toHaveText(say(first, 'rechargePrompt.title', { symbol: 'RSC' }));
  await expect(paySheet.getByTestId('shop-pay-recharge')).toHaveAttribute('href', '#/pages/property/recharge?asset=coin');
  await paySheet.getByRole('button', { name: say(first, 'common.later') }).click();
  await expect(paySheet).toBeHidden();

  for (const [index, language] of LANGUAGES.entries()) {
    if (index > 0) await switchLanguage(page, language);
    const widths = index % 2 === 0 ? [360, 390] : [390, 360];

    // Mining: one miner costs 100 USDT, 70 more than the balance; Confirm waits.
    await visitByHash(page, `/pages/mining/order?product=${miner.id}`);
    await expect(page.getByTestId('buy-cost')).toHaveText('100.0000 USDT');
    await expectNotice(page, page.getByTestId('buy-recharge-notice'), language, widths, {
      short: say(language, 'rechargePrompt.short', { amount: '70.0000', symbol: 'USDT' }),
      text: say(language, 'rechargePrompt.hint', { symbol: 'USDT' }),
      link: { testId: 'buy-recharge', href: '#/pages/property/recharge' },
    });
    await expect(page.getByTestId('buy-confirm')).toBeDisabled();

    // Pledge: 120.5 USDT typed, 90.5 more than the balance; Next waits.
    await visitByHash(page, `/pages/pledge/details?product=${pledge.id}`);
    await page.getByTestId('pledge-amount').fill('120.5');
    await expectNotice(page, page.getByTestId('pledge-recharge-notice'), language, widths, {
      title: say(language, 'rechargePrompt.title', { symbol: 'USDT' }),
      short: say(language, 'rechargePrompt.short', { amount: '90.5000', symbol: 'USDT' }),
      text: say(language, 'rechargePrompt.hint', { symbol: 'USDT' }),
      link: { testId: 'pledge-recharge', href: '#/pages/property/recharge' },
    });
    await expect(page.getByTestId('pledge-next')).toBeDisabled();

    // A blind box bet of 12.5 GP with 5 GP: 7.5 short. Game points cannot be deposited, so there is no link.
    await visitByHash(page, '/pages/game/index');
    await page.getByTestId('blind-box-amount').fill('12.5');
    await expectNotice(page, page.getByTestId('blind-box-recharge-notice'), language, widths, {
      title: say(language, 'rechargePrompt.title', { symbol: 'GP' }),
      short: say(language, 'rechargePrompt.short', { amount: '7.5000', symbol: 'GP' }),
      text: say(language, 'rechargePrompt.points', { symbol: 'GP' }),
    });
    await expect(page.getByTestId('blind-box-play')).toBeDisabled();

    // The shop order of 40 RSC with 15 RSC: 25 short, a deposit of the coin; Pay waits.
    await visitByHash(page, `/pages/shop/order?id=${order.id}`);
    await expectNotice(page, page.getByTestId('shop-pay-recharge-notice'), language, widths, {
      title: say(language, 'rechargePrompt.title', { symbol: 'RSC' }),
      short: say(language, 'rechargePrompt.short', { amount: '25.0000', symbol: 'RSC' }),
      text: say(language, 'rechargePrompt.hint', { symbol: 'RSC' }),
      link: { testId: 'shop-pay-recharge', href: '#/pages/property/recharge?asset=coin' },
    });
    await expect(page.getByTestId('shop-pay-submit')).toBeDisabled();
  }

  // Followed once: the miner's prompt opens the recharge on USDT, ready to pay.
  await visitByHash(page, `/pages/mining/order?product=${miner.id}`);
  await page.getByTestId('buy-recharge-notice').getByTestId('buy-recharge').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.recharge);
  await expect(page.getByTestId('recharge-asset').getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('recharge-submit')).toBeVisible();
  // Nothing was spent: the balances are what the test left.
  const balances = (await api.userInfo(user.token)).balances;
  expect(Object.fromEntries(balances.filter((b) => ['usdt', 'game', 'coin'].includes(b.key)).map((b) => [b.key, b.amount]))).toEqual({
    usdt: '30.00000000',
    game: '5.00000000',
    coin: '15.00000000',
  });
});
