/**
 * Issue 13 part 4, "Invite and share" (decision 066): user A opens the invite page from Home, reads the link and its
 * QR code, copies it and saves the poster (a PNG of the poster's size); a second person opens the link, signs in,
 * and is A's direct member. Mine reaches the same invitation (user/spread) and the share page shows /api/share.
 */
import { inflateSync } from 'node:zlib';
import fs from 'node:fs/promises';
import { generatePrivateKey } from 'viem/accounts';
import { encode } from 'uqr';
import { PAGES, STORAGE } from '../fixtures/app';
import { buyStarterCard, CORAL, createCardType, createSession, SECOND } from '../fixtures/cards';
import { ORIGIN } from '../fixtures/env';
import { expectFits, LANGUAGES, PHONES, say, switchLanguage } from '../fixtures/catalogue';
import { visitByHash } from '../fixtures/pages';
import { expect, test } from '../fixtures/test';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes a PNG far enough to prove it is whole: its chunks, its size, and pixel data that inflates to that size. */
function decodePng(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const data: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8); // bit depth
      colorType = body[9]!;
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  expect(channels).toBeGreaterThan(0);
  // Each row: one filter byte, then its pixels.
  expect(inflateSync(Buffer.concat(data)).length).toBe(height * (1 + width * channels));
  return { width, height };
}

/** The SVG path the app's QR component draws for `text` (same encoder, same options): equal paths, equal codes. */
function qrPath(text: string): string {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}

test('A invites B with the link from the invite page, saves the poster; B becomes A’s direct member, buys a card, and A sees the direct reward explained', async ({
  page,
  context,
  api,
  app,
  openUserSession,
  wallet: _wallet,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const tokenA = await app.signIn();
  await api.call('POST', '/api/user/setInfo', { token: tokenA, body: { nickname: 'Clown Fish' } });
  const a = await api.userInfo(tokenA);

  await page.getByTestId('quick-invite').click();
  await expect.poll(() => app.hashPath()).toBe('/pages/community/invite');
  const expectedLink = `${ORIGIN}/index/?spread=${a.uid}#/`;
  await expect(page.getByTestId('invite-link')).toHaveText(expectedLink);
  await expect(page.getByTestId('invite-qr').locator('path')).toHaveAttribute('d', qrPath(expectedLink));
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('aria-label', 'QR code of your invite link');

  await page.getByTestId('invite-copy').click();
  await expect(app.toast()).toHaveText('Invite link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedLink);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invite-poster').click()]);
  expect(download.suggestedFilename()).toBe(`reef-invite-${a.uid}.png`);
  const poster = await fs.readFile((await download.path())!);
  expect(decodePng(poster)).toEqual({ width: 750, height: 1334 });

  // B opens the link on their own phone and signs in: the start-up sign-in sends the spread it carries.
  const b = await openUserSession({ privateKey: generatePrivateKey() });
  await b.page.goto(expectedLink);
  const tokenB = await b.app.waitForToken();
  await expect.poll(async () => (await api.userInfo(tokenB)).referrer?.uid).toBe(a.uid);
  const infoB = await api.userInfo(tokenB);
  expect(infoB.invite_address).toBe(a.account);
  expect(infoB.referrer).toMatchObject({ uid: a.uid, nickname: 'Clown Fish' });

  // B buys a starter card of 100 RUSD. The reward engine (decision 065) pays A, B's referrer, the direct reward:
  // 100 RUSD counts as 100 USDT of performance (factor 1), × the default direct rate 5% = 5 USDT.
  const type = await createCardType(api, { ...CORAL, name: `Invite card ${a.uid}` });
  await createSession(api, type.id, { opensInMs: 0, durationMs: 3600 * SECOND, stock: 5 });
  await api.fund(infoB.uid, 'rusd', '100');
  await api.fund(infoB.uid, 'fuel', '10');
  await buyStarterCard(api, tokenB, type.id);
  // The engine follows the outbox every couple of seconds.
  await expect
    .poll(async () => (await api.data<{ list: unknown[] }>('GET', '/api/user/award_log/direct', { token: tokenA })).list.length, { timeout: 30_000 })
    .toBe(1);

  await app.goto('/pages/index/income');
  await page.getByTestId('income-link-direct').click();
  const line = page.getByTestId('income-line');
  await expect(line).toHaveCount(1);
  // What B paid, in the asset B paid it in (RUSD), then what it counted as in the reward's asset (decision 115).
  await expect(line).toContainText(`UID ${infoB.uid} bought a card for 100 RUSD (counts as 100 USDT) · rate 5% · your level V0 · generation 1`);
  await expect(line).toContainText('+5.0000 USDT');
  // The same sentence in the six languages, at 360 and 390 px; the overview's zeros keep their unit.
  for (const language of LANGUAGES) {
    await switchLanguage(page, language);
    await visitByHash(page, '/pages/index/incomeTpl?kind=direct');
    const values = { member: say(language, 'income.line.uid', { uid: infoB.uid }), purchase: say(language, 'income.purchase.card_starter') };
    await expect(line, language).toContainText(
      say(language, 'income.line.purchase', { ...values, paid: '100 RUSD', base: '100', symbol: 'USDT', rate: '5%', level: 0, generation: 1 }),
    );
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectFits(page, line);
    }
  }
  await visitByHash(page, '/pages/index/income');
  await expect(page.getByTestId('income-total-indirect')).toHaveText('0.0000 USDT');
});

test('Mine reaches the same invitation, and the share page shows the share content with the link', async ({ page, api, app, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const token = await app.signIn();
  const me = await api.userInfo(token);
  await app.goto(PAGES.mine);
  await page.getByTestId('mine-spread').click();
  await expect.poll(() => app.hashPath()).toBe('/pages/user/spread');
  await expect(page.getByTestId('invite-link')).toHaveText(`${ORIGIN}/index/?spread=${me.uid}#/`);

  await page.getByTestId('invite-share-page').click();
  await expect.poll(() => app.hashPath()).toBe('/pages/community/share');
  // No operator set English content on this server, so English readers get the default (zh-tw) content.
  const share = await api.data<{ title: string; synopsis: string; language: string }>('GET', '/api/share');
  expect(share.language).toBe('zh-tw');
  await expect(page.getByTestId('share-title')).toHaveText(share.title);
  await expect(page.getByTestId('share-synopsis')).toHaveText(share.synopsis);
  await expect(page.getByTestId('invite-link')).toHaveText(`${ORIGIN}/index/?spread=${me.uid}#/`);
  await expect(page.getByTestId('invite-copy')).toBeVisible();
});
