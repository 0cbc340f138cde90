/**
 * Chat journeys from issue 10: a first conversation appears on the Messages list; a chat with someone
 * who is not a friend says so and offers the request; the conversation header names the partner; links
 * in messages open safely; a masked address is shown whole. Two people on two phones (browser contexts
 * with their own wallets) through the real server and its /ws socket.
 */
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
