/**
 * An operator's pinned announcement (decision 078): it scrolls on Home with an unread dot, opens in the reader's
 * language, reads again in a second language (chosen with the spec's short code `en`), the dot is gone once opened,
 * and script in its Markdown stays inert.
 */
import { PAGES, STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test('a pinned announcement scrolls on Home and reads in two languages', async ({ page, api, app }) => {
  const mark = Date.now().toString(36);
  const created = await api.admin<{ id: number }>('POST', '/api/admin/articles', {
    kind: 'announcement',
    pinned: true,
    texts: [
      { language: 'zh-tw', title: `珊瑚礁維護公告 ${mark}`, body: '今晚 **22:00** 暫停交易。' },
      {
        language: 'en',
        title: `Reef maintenance ${mark}`,
        body: 'Trading pauses at **22:00** tonight.\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">',
      },
    ],
  });
  try {
    await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
    await app.goto(PAGES.home);
    const ticker = page.getByTestId('announcement-ticker');
    await expect(page.getByTestId('announcement-ticker-title')).toHaveText(`珊瑚礁維護公告 ${mark}`);
    await expect(page.getByTestId('announcement-unread')).toBeVisible();

    await ticker.click();
    await expect(page.getByTestId('article-title')).toHaveText(`珊瑚礁維護公告 ${mark}`);
    await expect(page.getByTestId('article-view').locator('strong')).toHaveText('22:00');

    // The second language, stored as the spec's short code: the same announcement in English.
    await page.evaluate((key) => window.localStorage.setItem(key, 'en'), STORAGE.language);
    await page.reload();
    await expect(page.getByTestId('article-title')).toHaveText(`Reef maintenance ${mark}`);
    await expect(page.getByTestId('article-view')).toContainText('Trading pauses at 22:00 tonight.');
    await expect(page.getByTestId('article-view').locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // Opened: Home shows it without the dot.
    await app.goto(PAGES.home);
    await expect(page.getByTestId('announcement-ticker-title')).toHaveText(`Reef maintenance ${mark}`);
    await expect(page.getByTestId('announcement-unread')).toHaveCount(0);
  } finally {
    // Other specs share this server: the announcement leaves Home again.
    await api.admin('POST', `/api/admin/articles/${created.id}`, { hidden: true });
  }
});
