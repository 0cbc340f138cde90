/**
 * Screenshots for the docs: Home, recharge, the transfer confirmation, a chat and Mine at 390×844, signed in
 * and funded, in Traditional Chinese (the default language) and English. The test set-up installs Debian's
 * CJK font with Chromium (scripts/ensure-chromium.mjs), so the Chinese pictures show real glyphs.
 * `REEF_UPDATE_SCREENSHOTS=1` writes them to docs/screenshots; otherwise they go to test-results.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PAGES, STORAGE } from '../fixtures/app';
import { CHAT_PAGES, ChatApi } from '../fixtures/chat';
import { SCREENSHOT_DIR } from '../fixtures/env';
import { expect, test } from '../fixtures/test';

// Fixed keys keep the addresses in the pictures the same from run to run.
const ALICE_KEY = '0x72656566206532652073637265656e73686f74732074657374206b6579203031';
const BOB_KEY = '0x72656566206532652073637265656e73686f74732074657374206b6579203032';

test.use({ walletOptions: { privateKey: ALICE_KEY }, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const LANGUAGES = [
  { code: 'zh-tw', suffix: 'zh-hant' },
  { code: 'en-us', suffix: 'en' },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), scale: 'css', animations: 'disabled' });
}

test('screenshots of Home, recharge, transfer confirmation, chat and Mine in zh-Hant and English', async ({ page, wallet, api, app }) => {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  const bob = await api.signInViaApi(BOB_KEY);
  await api.fund(alice.uid, 'usdt', '1250.5');
  await api.fund(alice.uid, 'coin', '320.75');
  await api.data('POST', '/api/user/setInfo', { token: alice.token, body: { nickname: 'Alice 珊瑚' } });
  await api.data('POST', '/api/user/setInfo', { token: bob.token, body: { nickname: 'Bob 小丑魚' } });
  await api.setPayPassword(alice.token, '123456');
  await chat.befriend(bob, alice);
  const toAlice = { type: 'user', id: alice.uid } as const;
  await chat.send(bob.token, toAlice, '你好！今天的珊瑚礁很漂亮');
  await chat.send(bob.token, toAlice, 'Hi Alice — the reef looks great today. Docs: https://reef.example/help');
  await mkdir(SCREENSHOT_DIR, { recursive: true });

  await app.presetStorage({ [STORAGE.language]: LANGUAGES[0].code });
  for (const language of LANGUAGES) {
    if (language !== LANGUAGES[0]) {
      // A hash change keeps the document: the saved language is read again only on a reload.
      await page.evaluate(([key, code]) => window.localStorage.setItem(key, code), [STORAGE.language, language.code] as const);
      await page.reload();
    }
    await app.signIn();
    await expect(page.locator('html')).toHaveAttribute('lang', language.code === 'zh-tw' ? /^zh/ : /^en/);
    await expect(app.toast()).toBeHidden();
    await shoot(page, `home-${language.suffix}.png`);

    await app.goto(PAGES.recharge);
    await expect(page.getByTestId('deposit-target')).toBeVisible();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await shoot(page, `recharge-${language.suffix}.png`);

    await app.goto(PAGES.transfer);
    await page.getByTestId('transfer-address').fill(String(bob.uid));
    await page.getByTestId('transfer-amount').fill('25');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-sheet-nickname')).toHaveText('Bob 小丑魚');
    await shoot(page, `transfer-confirm-${language.suffix}.png`);

    await app.goto(CHAT_PAGES.chat(bob.uid));
    await expect(page.getByText('https://reef.example/help')).toBeVisible();
    await shoot(page, `chat-${language.suffix}.png`);

    await app.goto(PAGES.mine);
    await expect(page.getByTestId('mine-uid')).toHaveText(String(alice.uid));
    await expect(app.toast()).toBeHidden();
    await shoot(page, `mine-${language.suffix}.png`);
  }
});
