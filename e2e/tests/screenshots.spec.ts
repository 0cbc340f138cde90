/**
 * Screenshots for the docs: Home and Mine at 390×844, signed in and funded. English, because the
 * machines that run this have no CJK fonts and the default Traditional Chinese would render as boxes.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PAGES, STORAGE } from '../fixtures/app';
import { SCREENSHOT_DIR } from '../fixtures/env';
import { expect, test } from '../fixtures/test';

// A fixed key keeps the address in the pictures the same from run to run.
test.use({ walletOptions: { privateKey: '0x72656566206532652073637265656e73686f74732074657374206b6579203031' } });

test('screenshots', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  await api.fund(user.uid, 'usdt', '1250.5');
  await api.fund(user.uid, 'coin', '320.75');
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await mkdir(SCREENSHOT_DIR, { recursive: true });

  await app.signIn();
  await expect(app.balance('usdt')).toHaveText('1,250.5000');
  await expect(app.balance('coin')).toHaveText('320.7500');
  await expect(app.toast()).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home.png'), scale: 'css', animations: 'disabled' });

  await app.goto(PAGES.mine);
  await expect(page.getByTestId('mine-uid')).toHaveText(String(user.uid));
  await expect(page.getByTestId('mine-address')).toHaveText(`${user.account.slice(0, 4)}...${user.account.slice(-4)}`, {
    ignoreCase: true,
  });
  await expect(app.toast()).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'mine.png'), scale: 'css', animations: 'disabled' });
});
