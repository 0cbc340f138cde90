/**
 * Chat journeys from issue 10: a first conversation appears on the Messages list; a chat with someone
 * who is not a friend says so and offers the request; the conversation header names the partner; links
 * in messages open safely; a masked address is shown whole. Two people on two phones (browser contexts
 * with their own wallets) through the real server and its /ws socket.
 */
import type { Locator } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { STORAGE } from '../fixtures/app';
import { CHAT_PAGES, ChatApi } from '../fixtures/chat';
import { expect, test } from '../fixtures/test';

test.describe.configure({ timeout: 90_000 });

test('a first conversation shows on the Messages list as soon as the user returns to it', async ({ page, app, api, wallet, openUserSession }) => {
  const chat = new ChatApi(api);
  const bobPhone = await openUserSession();
  const bob = await api.signInViaApi(bobPhone.wallet.privateKey);

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const aliceToken = await app.signIn();
  const alice = await api.userInfo(aliceToken);
  expect(alice.account.toLowerCase()).toBe(wallet.address.toLowerCase());

  // Alice opens Messages while she has no conversation: the (empty) list is now cached in her page.
  await app.goto(CHAT_PAGES.messages);
  await expect(page.getByTestId('chat-conversations-empty')).toBeVisible();

  // Bob asks; Alice accepts from the "New friends" entry, all without reloading the page.
  await api.data('POST', '/api/chat/friend-requests', { token: bob.token, body: { uid: alice.uid, note: 'hello from Bob' } });
  await expect(page.getByTestId('chat-requests-badge')).toHaveText('1');
  await page.getByTestId('chat-entry-requests').click();
  const incoming = page.locator(`[data-testid="friend-request-incoming"][data-uid="${bob.uid}"]`);
  await incoming.getByTestId('friend-request-accept').click();
  await expect(app.toast()).toHaveText('Friend added');

  // They talk: Alice writes from the chat page, Bob answers while it is open (a read mark follows).
  await app.goto(CHAT_PAGES.chat(bob.uid));
  await page.getByTestId('chat-input').fill('Hi Bob');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message')).toHaveText([/Hi Bob/]);
  await chat.send(bob.token, { type: 'user', id: alice.uid }, 'Hi Alice');
  await expect(page.getByTestId('chat-message')).toHaveText([/Hi Bob/, /Hi Alice/]);
  await expect.poll(() => chat.unread(aliceToken)).toBe(0);

  // Back on Messages the conversation is there at once (not after the list's 30 s freshness ran out).
  await app.goto(CHAT_PAGES.messages);
  const row = page.locator(`[data-testid="chat-conversation"][data-conversation="user:${bob.uid}"]`);
  await expect(row).toContainText('Hi Alice', { timeout: 5_000 });
  await expect(page.getByTestId('chat-conversations-empty')).toHaveCount(0);
  await expect(page.getByTestId('tab-ai-unread')).toHaveCount(0);
});

/** How the server shows someone else's wallet: first 4 + "..." + last 4 of the checksummed address. */
const masked = (account: string) => `${account.slice(0, 4)}...${account.slice(-4)}`;

/** Whether an element shows all of its text (no ellipsis cut it). */
const showsWhole = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

test('a chat with someone who is not a friend says so, offers the request and cannot send', async ({ page, app, api, wallet }) => {
  const alice = await api.signInViaApi(wallet.privateKey);
  const carol = await api.signInViaApi(generatePrivateKey());
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();

  await app.goto(CHAT_PAGES.chat(carol.uid));
  const notFriends = page.getByTestId('chat-not-friends');
  await expect(notFriends).toContainText(`You and ${masked(carol.account)} are not friends`);
  await expect(page.getByTestId('chat-title')).toHaveText(masked(carol.account));
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toBeDisabled();
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await expect(page.getByTestId('chat-image-button')).toBeDisabled();

  // "Add friend" leads to the request form; back on the chat link the request shows as sent.
  await notFriends.getByTestId('chat-add-friend').click();
  await page.getByTestId('add-friend-note').fill('Alice here');
  await page.getByTestId('add-friend-send').click();
  await expect(app.toast()).toHaveText('Friend request sent');
  await app.goto(CHAT_PAGES.chat(carol.uid));
  await expect(page.getByTestId('chat-not-friends-pending')).toHaveText('Waiting');

  // Carol accepts: the open page learns it over the socket and the composer comes to life.
  const requests = await api.data<{ incoming: { id: number; from: { uid: number } }[] }>('GET', '/api/chat/friend-requests', { token: carol.token });
  const request = requests.incoming.find((r) => r.from.uid === alice.uid)!;
  await api.data('POST', `/api/chat/friend-requests/${request.id}/accept`, { token: carol.token });
  await expect(page.getByTestId('chat-not-friends')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await page.getByTestId('chat-input').fill('Thanks Carol');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message')).toHaveText([/Thanks Carol/]);
});

test('a masked address is shown whole on the chat lists', async ({ page, app, api, wallet, openUserSession }) => {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  const bobPhone = await openUserSession();
  const bob = await api.signInViaApi(bobPhone.wallet.privateKey);
  await api.data('POST', '/api/chat/friend-requests', { token: bob.token, body: { uid: alice.uid, note: 'hi' } });

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(CHAT_PAGES.requests);
  const incoming = page.locator(`[data-testid="friend-request-incoming"][data-uid="${bob.uid}"]`);
  const requestTitle = incoming.locator('.chat-row__title');
  await expect(requestTitle).toHaveText(masked(bob.account));
  expect(await showsWhole(requestTitle)).toBe(true);
  await incoming.getByTestId('friend-request-accept').click();
  await expect(app.toast()).toHaveText('Friend added');

  await chat.send(bob.token, { type: 'user', id: alice.uid }, 'a message so the conversation is listed');
  await app.goto(CHAT_PAGES.messages);
  const rowTitle = page.locator(`[data-testid="chat-conversation"][data-conversation="user:${bob.uid}"]`).locator('.chat-row__title');
  await expect(rowTitle).toHaveText(masked(bob.account));
  expect(await showsWhole(rowTitle)).toBe(true);

  await app.goto(CHAT_PAGES.friends);
  const friend = page.locator(`[data-testid="friend-row"][data-uid="${bob.uid}"]`);
  await expect(friend.locator('.chat-row__title')).toHaveText(masked(bob.account));
  expect(await showsWhole(friend.locator('.chat-row__title'))).toBe(true);
  await expect(friend).toContainText(masked(bob.account));
});

test('the header names the partner; links open safely; time separators; long-press and right-click copy', async ({
  page,
  app,
  api,
  context,
  wallet,
  openUserSession,
}) => {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  const bobPhone = await openUserSession();
  const bob = await api.signInViaApi(bobPhone.wallet.privateKey);
  await chat.befriend(bob, alice);
  const toAlice = { type: 'user', id: alice.uid } as const;
  await chat.send(bob.token, toAlice, 'Docs at https://reef.example/docs?page=2. Enjoy');
  await chat.send(bob.token, toAlice, '<a href="javascript:alert(1)">click</a> javascript:alert(1)');
  await chat.send(bob.token, toAlice, 'copy me');
  // The page the link opens: answered here, so the test does not depend on the internet.
  await context.route('https://reef.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Reef docs</title>' }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(CHAT_PAGES.chat(bob.uid));
  const title = page.getByTestId('chat-title');
  await expect(title).toHaveText(masked(bob.account));
  expect(await showsWhole(title)).toBe(true);

  const messages = page.getByTestId('chat-message');
  await expect(messages).toHaveCount(3);
  // Three messages within a minute: one time above them, none under each bubble.
  await expect(page.getByTestId('chat-time-separator')).toHaveCount(1);
  await expect(messages.locator('.bubble__meta')).toHaveCount(0);

  const link = messages.nth(0).getByRole('link');
  await expect(link).toHaveText('https://reef.example/docs?page=2');
  await expect(link).toHaveAttribute('href', 'https://reef.example/docs?page=2');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(messages.nth(0).getByTestId('chat-bubble-content')).toHaveText('Docs at https://reef.example/docs?page=2. Enjoy');
  const popup = context.waitForEvent('page');
  await link.click();
  await expect(await popup).toHaveTitle('Reef docs');
  // Markup stays text and a javascript: address is not a link.
  await expect(messages.nth(1).locator('a')).toHaveCount(0);
  await expect(messages.nth(1).getByTestId('chat-bubble-content')).toHaveText('<a href="javascript:alert(1)">click</a> javascript:alert(1)');

  // Right-click copies a bubble's text; so does a long press.
  await messages.nth(2).getByTestId('chat-bubble-content').click({ button: 'right' });
  await expect(app.toast()).toHaveText('Message copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('copy me');
  const bubble = await messages.nth(1).getByTestId('chat-bubble-content').boundingBox();
  await page.mouse.move(bubble!.x + 10, bubble!.y + bubble!.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('<a href="javascript:alert(1)">click</a> javascript:alert(1)');
});
