/**
 * A stable first screen (issue 25 §2, issue 26): a returning, signed-in user opens Home, and then the holdings page,
 * on a phone network, and nothing on the screen moves as the total, the balances, the referrer card, an airdrop and
 * the coin figures arrive — cumulative layout shift at most 0.05 (Lighthouse's "good" is below 0.1), at 360 and
 * 390 px, in each of the six languages (the action labels and the grid's wrap differ). The user is the one with the
 * most late parts: no referrer bound (the bind card shows) and an airdrop for them. The shortcut grid is on the first
 * screen, each tile with an icon of its own.
 */
import { generatePrivateKey } from 'viem/accounts';
import { PAGES, STORAGE } from '../fixtures/app';
import { expectFits, LANGUAGES, PHONES, say, type Language } from '../fixtures/catalogue';
import { layoutShifts, recordLayoutShifts, throttleNetwork } from '../fixtures/layout-shift';
import { expect, test } from '../fixtures/test';

const CLS_LIMIT = 0.05;

for (const viewport of PHONES) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, screen: viewport });

    test('Home and the holdings page hold still while a signed-in user’s parts load, in six languages; the shortcuts are on the first screen', async ({
      page,
      api,
      app,
    }) => {
      test.setTimeout(240_000);
      const user = await api.signInViaApi(generatePrivateKey());
      await api.fund(user.uid, 'usdt', '1234.5');
      await api.fund(user.uid, 'coin', '98765.4321');
      const now = Date.now();
      await api.createAirdrop({
        asset: 'coin',
        amount: '2',
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
        addresses: [user.account],
      });
      await app.presetStorage({ [STORAGE.token]: user.token, [STORAGE.account]: user.account });
      await recordLayoutShifts(page);
      await throttleNetwork(page, { latencyMs: 150, kbPerSecond: 400 });

      // Each language as a fresh document, measured from its first paint (the language is stored, then the page
      // reloaded; from a blank page first, since a new hash alone would navigate inside the open app).
      const open = async (language: Language, path: string) => {
        await page.goto('about:blank');
        await page.goto(`/index/#${path}`);
        await page.evaluate((value) => localStorage.setItem('language', value), language);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));
      };
      // Whatever else is still in flight lands in the next second; shifts after that are not the first screen's.
      const settled = async () => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_000);
        return layoutShifts(page);
      };

      for (const language of LANGUAGES) {
        await open(language, PAGES.home);
        await expect(page.getByTestId('home-total')).toHaveText(/\d/, { timeout: 30_000 });
        await expect(app.balance('usdt')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('bind-address-input')).toBeVisible({ timeout: 30_000 });
        const home = await settled();
        test.info().annotations.push({ type: `Home layout shift, ${language}`, description: `${home.total.toFixed(4)} (${home.shifts.length} shifts)` });
        expect(home.total, `Home moved in ${language}:\n${home.shifts.join('\n')}`).toBeLessThanOrEqual(CLS_LIMIT);

        // The shortcut grid starts on the first screen, and no two tiles share an icon.
        const grid = page.getByRole('navigation', { name: say(language, 'home.quickLinks') });
        const top = await grid.evaluate((element) => element.getBoundingClientRect().top);
        expect(top, language).toBeLessThan(viewport.height);
        const icons = await grid.locator('.quick-link__icon svg').evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML));
        expect(icons.length).toBeGreaterThanOrEqual(15);
        expect(new Set(icons).size).toBe(icons.length);
        await expectFits(page, grid);

        // The holdings page, opened afresh: the total and the list arrive in place.
        await open(language, PAGES.funds);
        await expect(page.getByTestId('holdings-total')).toHaveText(/\d/, { timeout: 30_000 });
        await expect(page.getByTestId('holding-usdt')).toBeVisible({ timeout: 30_000 });
        const holdings = await settled();
        test
          .info()
          .annotations.push({ type: `holdings layout shift, ${language}`, description: `${holdings.total.toFixed(4)} (${holdings.shifts.length} shifts)` });
        expect(holdings.total, `the holdings page moved in ${language}:\n${holdings.shifts.join('\n')}`).toBeLessThanOrEqual(CLS_LIMIT);
      }
    });
  });
}
