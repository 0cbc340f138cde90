/**
 * Pledge (issue 12) with a real wallet, on a server of this file's own: the test moves the business clock (the
 * test-only offset, CLOCK_ADJUSTABLE), which the suite's shared server must not do under the other specs, and the
 * settlement job polls every second.
 *
 * The operator creates a product whose sale opens a few seconds ahead; the user reaches it from Home, watches the
 * countdown tick to the opening (no reload), is refused below the minimum in their language, sees the fee and the
 * actual amount locked before confirming, and locks. The server's clock then moves past the unlock and the release
 * days; the settlement pays, and My pledges shows the interest, the principal back and every payment explained, and
 * the balances hold them.
 */
import type { ReefApi } from '../fixtures/api';
import { STORAGE } from '../fixtures/app';
import { advanceClock, DAY, SECOND } from '../fixtures/cards';
import { ownServerApi, signInOnOwnServer, useOwnClockServer } from '../fixtures/own-app';
import { visitByHash } from '../fixtures/pages';
import { createPledgeProduct } from '../fixtures/pledge';
import { expectFits, LANGUAGES, PHONES, say, switchLanguage } from '../fixtures/catalogue';
import { expect, test } from '../fixtures/test';

const server = useOwnClockServer('pledge', { SETTLEMENT_POLL_SECONDS: '1', TOKEN_TTL_HOURS: '2160' });

const balanceOf = async (api: ReefApi, token: string, asset: string) => (await api.userInfo(token)).balances.find((b) => b.key === asset)?.amount;

test('locks in a product as its sale opens, sees the fee first, and after unlock sees the interest and the principal back', async ({
  page,
  wallet,
  request,
  app,
}) => {
  // The six-language rate check at the end adds two pages a language.
  test.setTimeout(300_000);
  const api = ownServerApi(request, server);
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '1000');
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await signInOnOwnServer(page, server);

  // Sale opens 15 s from now on the server's clock for an hour; interest for 2 days from its end, then the principal
  // back over 2 days. 36.5 % a year on 495 (500 less the 1 % fee) is 0.495 a day.
  const product = await createPledgeProduct(
    api,
    {
      name: 'Lagoon pledge',
      product_type: 'fixed',
      asset: 'usdt',
      interest_asset: 'coin',
      cycle_days: 2,
      annual_rate: '0.365',
      min_lock: '100',
      max_per_user: '1000',
      total_cap: '5000',
      fee_rate: '0.01',
      release_days: 2,
    },
    { opensInMs: 15 * SECOND, saleMs: 3600 * SECOND },
  );

  // Reachable from Home.
  await page.getByTestId('quick-pledge').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pledge');
  const card = page.getByTestId(`pledge-product-${product.id}`);
  // The rate as the payout computes it (decision 115): 1,000 USDT × 0.365 ÷ 365 = 1 RSC a day, then the annual rate
  // in the asset it is paid in.
  await expect(card.getByTestId(`pledge-product-${product.id}-rate`)).toHaveText('1 RSC');
  await expect(card.getByTestId(`pledge-product-${product.id}-rate-label`)).toHaveText('a day per 1,000 USDT locked');
  await expect(card.getByTestId(`pledge-product-${product.id}-annual`)).toHaveText(
    '36.5% a year counted in RSC: each USDT locked earns 0.365 RSC a year, whatever its price',
  );
  await expect(card.getByTestId(`pledge-product-${product.id}-cap-percent`)).toHaveText('0%');
  const clock = card.getByTestId(`pledge-product-${product.id}-clock`);
  const time = card.getByTestId(`pledge-product-${product.id}-clock-time`);
  await expect(clock).toHaveAttribute('data-state', 'not_started');
  await expect(clock).toContainText('Starts in');
  // The countdown ticks each second, in days, hours, minutes and seconds, down to the opening.
  const shown = await time.textContent();
  expect(shown).toMatch(/^0d 00h 00m \d\ds$/);
  await expect(time).not.toHaveText(shown!, { timeout: 3_000 });
  await expect(time).toHaveText('0d 00h 00m 01s', { timeout: 25_000 });
  // Open, without a reload: the countdown now runs to the end of the sale.
  await expect(clock).toHaveAttribute('data-state', 'in_progress', { timeout: 5_000 });
  await expect(clock).toContainText('Ends in');
  await expect(time).toHaveText(/^0d 00h 59m \d\ds$/);

  await card.getByTestId(`pledge-product-${product.id}-open`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pledge details');
  await expect(page.getByTestId('pledge-balance')).toHaveText('1,000.0000 USDT');

  // Below the minimum: refused in the user's language, nothing sent.
  await page.getByTestId('pledge-amount').fill('50');
  await page.getByTestId('pledge-next').click();
  await expect(page.getByTestId('pledge-problem')).toHaveText('The lock amount is below the minimum lock of 100.0000 USDT.');
  await expect(page.getByTestId('pledge-confirm')).toHaveCount(0);

  // The fee and the actual amount locked, and what it pays, before confirming.
  await page.getByTestId('pledge-amount').fill('500');
  await expect(page.getByTestId('pledge-problem')).toHaveCount(0);
  await page.getByTestId('pledge-next').click();
  const confirm = page.getByTestId('pledge-confirm');
  await expect(confirm.getByTestId('pledge-confirm-amount')).toHaveText('500.0000 USDT');
  await expect(confirm.getByTestId('pledge-confirm-fee')).toHaveText('5.0000 USDT');
  await expect(confirm.getByTestId('pledge-confirm-principal')).toHaveText('495.0000 USDT');
  await expect(confirm.getByTestId('pledge-confirm-daily')).toHaveText('0.4950 RSC');
  await expect(confirm.getByTestId('pledge-confirm-interest')).toHaveText('0.9900 RSC');
  await expect(confirm.getByTestId('pledge-confirm-when')).toContainText('First interest on');
  // The review every spend shows (issue 25 §7): the balance after, from the real balance.
  await expect(confirm.getByTestId('pledge-confirm-after')).toHaveText('500.0000 USDT');
  await confirm.getByTestId('pledge-confirm-submit').click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My pledges');
  const position = page.getByTestId('my-pledge');
  await expect(position).toHaveCount(1);
  await expect(position).toHaveAttribute('data-state', 'in_progress');
  const positionId = await position.getAttribute('data-position');
  const row = (name: string) => position.getByTestId(`my-pledge-${positionId}-${name}`);
  await expect(row('fee')).toHaveText('5.0000 USDT');
  await expect(row('principal')).toHaveText('495.0000 USDT');
  await expect(row('interest')).toHaveText('0.0000 RSC');
  expect(await balanceOf(api, user.token, 'usdt')).toBe('500.00000000');

  // Past the sale (1 h), the 2 interest days and the 2 release days, and a minute: the settlement job pays every
  // period it missed, in order.
  await advanceClock(api, 3600 * SECOND + 4 * DAY + 60 * SECOND);
  await expect.poll(() => balanceOf(api, user.token, 'usdt'), { timeout: 30_000 }).toBe('995.00000000');
  expect(await balanceOf(api, user.token, 'coin')).toBe('0.99000000');

  await page.reload();
  await expect(position).toHaveAttribute('data-state', 'released');
  await expect(row('interest')).toHaveText('0.9900 RSC');
  await expect(row('released')).toHaveText('495.0000 USDT');
  await row('toggle').click();
  await expect(row('schedule-line')).toHaveCount(2);
  await expect(row('schedule-line').first()).toHaveAttribute('data-paid', 'true');
  await expect(row('schedule-line').first()).toContainText('247.5000 USDT');
  const payments = row('payment');
  await expect(payments).toHaveCount(4);
  await expect(payments.nth(0)).toHaveAttribute('data-kind', 'interest');
  await expect(payments.nth(0)).toContainText('Interest · Lagoon pledge · day 1 · rate 36.5%');
  await expect(payments.nth(0)).toContainText('0.4950 RSC');
  await expect(payments.nth(3)).toHaveAttribute('data-kind', 'release');
  await expect(payments.nth(3)).toContainText('Principal · Lagoon pledge · part 2 of 2');

  // The balances on Home hold the principal back and the interest.
  await visitByHash(page, '/pages/index/index');
  await expect(page.getByTestId('balance-usdt')).toContainText('995');
  await expect(page.getByTestId('balance-coin')).toContainText('0.99');
  // And Mine leads back to the positions.
  await visitByHash(page, '/pages/user/user');
  await page.getByTestId('mine-pledges').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My pledges');
  await expect(row('daily')).toHaveText('0.4950 RSC');

  // The rate in six languages at 360 and 390 px: per 1,000 a day on the product, the annual rate in RSC on the position.
  const values = { rate: '36.5%', asset: 'USDT', interest: 'RSC', perUnit: '0.365' };
  for (const language of LANGUAGES) {
    await switchLanguage(page, language);
    await visitByHash(page, '/pages/pledge/index');
    await expect(card.getByTestId(`pledge-product-${product.id}-rate`)).toHaveText('1 RSC');
    await expect(card.getByTestId(`pledge-product-${product.id}-rate-label`), language).toHaveText(say(language, 'pledge.rate.perThousand', values));
    await expect(card.getByTestId(`pledge-product-${product.id}-annual`), language).toHaveText(say(language, 'pledge.rate.annualOther', values));
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectFits(page, card);
    }
    await visitByHash(page, '/pages/pledge/myList');
    await expect(row('annual'), language).toHaveText(say(language, 'pledge.rate.annualOther', values));
    await expectFits(page, position);
  }
});
