/**
 * The AI chat tab (issue 4 §4) with the built-in assistant (the e2e server has no AI provider): the
 * answer streams in, links the help articles it used, a link opens the article, Stop keeps what was
 * written, and conversations can be continued and deleted. The help articles are public pages.
 */
import { STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

const AI_TAB = '/pages/chat/index';

test('the AI tab streams an answer with article links, and a link opens the article', async ({ page, app, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(AI_TAB);

  const panel = page.getByTestId('ai-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('ai-input').fill('How do I withdraw USDT to my wallet?');
  await page.getByTestId('ai-send').click();

  const answer = page.getByTestId('ai-answer').last();
  // While it streams, the answer grows and Send turns into Stop.
  await expect(page.getByTestId('ai-stop')).toBeVisible();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect(answer).toContainText('Here is what the Reef help says');
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(page.getByTestId('ai-send')).toBeVisible();
  await expect(page.getByTestId('ai-question').last()).toHaveText('How do I withdraw USDT to my wallet?');

  // The Markdown links and the source chips both lead to the article.
  const link = answer.locator('a[href="#/pages/article/details?id=withdrawal"]').first();
  await expect(link).toHaveText('Withdrawing to your wallet');
  await expect(answer.getByTestId('ai-source').first()).toHaveText('Withdrawing to your wallet');
  await link.click();
  await expect(page.getByTestId('article-title')).toHaveText('Withdrawing to your wallet');
  await expect(page.getByTestId('article-view')).toContainText('The amount must be greater than 100');
  expect(await app.hashPath()).toBe('/pages/article/details?id=withdrawal');

  // Back on the tab, the conversation is in the history and can be continued.
  await page.goBack();
  await page.getByTestId('ai-history-toggle').click();
  await expect(page.getByTestId('ai-history-open')).toHaveCount(1);
  await page.getByTestId('ai-history-open').first().click();
  await expect(page.getByTestId('ai-question')).toHaveText(['How do I withdraw USDT to my wallet?']);
  await page.getByTestId('ai-input').fill('Who won the football world cup?');
  await page.getByTestId('ai-input').press('Enter');
  await expect(page.getByTestId('ai-answer').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(page.getByTestId('ai-answer').last()).toContainText("I don't know");
  await expect(page.getByTestId('ai-question')).toHaveCount(2);
});

test('Stop keeps what was written; a conversation can be deleted', async ({ page, app, api, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
  const token = await app.signIn();
  await app.goto(AI_TAB);
  await page.getByTestId('ai-input').fill('交易密碼輸錯被鎖定了怎麼辦？');
  await page.getByTestId('ai-send').click();
  const answer = page.getByTestId('ai-answer').last();
  await expect(answer).toContainText('Reef 說明中與此相關的內容如下');
  await page.getByTestId('ai-stop').click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(answer).toContainText('已停止');
  const shown = await answer.locator('.markdown').innerText();

  // The server kept the partial answer, marked as stopped.
  const list = await api.call<{ list: { id: number }[] }>('GET', '/api/ai/conversations', { token });
  expect(list.body.data.list).toHaveLength(1);
  const conversationId = list.body.data.list[0]!.id;
  await expect
    .poll(
      async () =>
        (await api.call<{ messages: { status: string }[] }>('GET', `/api/ai/conversations/${conversationId}`, { token })).body.data.messages[1]?.status,
    )
    .toBe('stopped');
  const stored = await api.call<{ messages: { content: string }[] }>('GET', `/api/ai/conversations/${conversationId}`, { token });
  expect(stored.body.data.messages[1]!.content.length).toBeGreaterThan(0);
  expect(shown.length).toBeGreaterThan(0);

  // Deleting the open conversation starts a new one; the history is then empty.
  await page.getByTestId('ai-history-toggle').click();
  await page.getByTestId('ai-history-delete').click();
  await expect(page.getByTestId('ai-suggestion').first()).toBeVisible();
  await expect(page.getByTestId('ai-answer')).toHaveCount(0);
  await page.getByTestId('ai-history-toggle').click();
  await expect(page.getByText('還沒有對話')).toBeVisible();
  const after = await api.call<{ total: number }>('GET', '/api/ai/conversations', { token });
  expect(after.body.data.total).toBe(0);
});

test('help articles are public: kind tabs and an article', async ({ page, app }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  // Reached from Mine, signed in or not.
  await app.goto('/pages/user/user');
  await page.getByTestId('mine-articles').click();
  expect(await app.hashPath()).toBe('/pages/article/index');
  await expect(page.getByTestId('article-row').first()).toBeVisible();
  const all = await page.getByTestId('article-row').count();
  await page.getByTestId('article-tab-faq').click();
  await expect(page.getByTestId('article-row')).toHaveCount(3);
  expect(all).toBeGreaterThan(3);
  expect(await app.hashPath()).toBe('/pages/article/index?kind=faq');
  await page.getByTestId('article-row').filter({ hasText: 'FAQ: the AI assistant' }).click();
  await expect(page.getByTestId('article-title')).toHaveText('FAQ: the AI assistant');
  await expect(page.getByTestId('article-view').locator('.markdown h2').first()).toHaveText('What can the AI assistant answer?');

  await app.goto('/pages/article/details?id=no-such-article');
  await expect(page.getByTestId('article-missing')).toBeVisible();

  // Visitors see the assistant's sign-in hint rather than the chat.
  await app.goto(AI_TAB);
  await expect(page.getByTestId('ai-signed-out')).toBeVisible();
});
