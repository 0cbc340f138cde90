/**
 * Chat (issue 4): two people on two phones (browser contexts with their own wallets) become friends and
 * talk with live unread badges; a group of three with an announcement is disbanded by its owner; a user
 * writes to customer service and an agent (SERVICE_ADDRESSES) answers. Everything goes through the real
 * server and its /ws socket.
 */
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import type { ReefApi } from '../fixtures/api';
import { PAGES, STORAGE } from '../fixtures/app';
import { CHAT_PAGES, ChatApi, SERVICE_AGENT_PRIVATE_KEY } from '../fixtures/chat';
import { expect, test, type UserSession } from '../fixtures/test';

test.describe.configure({ timeout: 90_000 });

/** Alice (the test's wallet) and Bob (a second phone), both signed in through the API and made friends. */
async function friendsOnTwoPhones(api: ReefApi, wallet: { privateKey: Hex }, openUserSession: () => Promise<UserSession>) {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  const bobPhone = await openUserSession();
  const bob = await api.signInViaApi(bobPhone.wallet.privateKey);
  await chat.befriend(alice, bob);
  return { chat, alice, bobPhone, bob };
}

test('friend request, accept, messages both ways with unread badges', async ({ page, app, api, wallet, openUserSession }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  const alice = await api.userInfo(await app.waitForToken());

  const bobPhone = await openUserSession();
  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  const bobToken = await bobPhone.app.signIn();
  const bob = await api.userInfo(bobToken);
  expect(wallet.address).not.toBe(bob.account);

  // Alice finds Bob by uid and asks, with a note.
  await app.goto(CHAT_PAGES.search);
  await page.getByTestId('user-search-input').fill(String(bob.uid));
  await page.locator(`[data-testid="user-search-result"][data-uid="${bob.uid}"]`).getByTestId('user-search-add').click();
  await page.getByTestId('add-friend-note').fill('Hi Bob, Alice from the reef');
  await page.getByTestId('add-friend-send').click();
  await expect(app.toast()).toHaveText('Friend request sent');
  const outgoing = page.locator(`[data-testid="friend-request-outgoing"][data-uid="${bob.uid}"]`);
  await expect(outgoing.getByTestId('friend-request-state')).toHaveAttribute('data-state', 'sent');

  // Bob sees the request on the chat list's "New friends" badge, and accepts it.
  await bobPhone.app.goto(CHAT_PAGES.messages);
  await expect(bobPhone.page.getByTestId('chat-requests-badge')).toHaveText('1');
  await bobPhone.page.getByTestId('chat-entry-requests').click();
  const incoming = bobPhone.page.locator(`[data-testid="friend-request-incoming"][data-uid="${alice.uid}"]`);
  await expect(incoming).toContainText('Hi Bob, Alice from the reef');
  await incoming.getByTestId('friend-request-accept').click();
  await expect(bobPhone.app.toast()).toHaveText('Friend added');
  await expect(incoming.getByTestId('friend-request-state')).toHaveAttribute('data-state', 'added');

  // Alice's page follows over the socket: the request is now "added".
  await expect(outgoing.getByTestId('friend-request-state')).toHaveAttribute('data-state', 'added');

  // Bob waits on the Mine tab; Alice writes, including markup that must stay text.
  await bobPhone.app.goto(PAGES.mine);
  await expect(bobPhone.page.getByTestId('mine-chat')).toBeVisible();
  await app.goto(CHAT_PAGES.friends);
  await page.locator(`[data-testid="friend-row"][data-uid="${bob.uid}"]`).click();
  await page.getByTestId('friend-send-message').click();
  await page.getByTestId('chat-input').fill('Hello Bob');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').last()).toContainText('Hello Bob');
  await page.getByTestId('chat-input').fill('<b>not bold</b>');
  await page.getByTestId('chat-input').press('Enter');
  const markup = page.getByTestId('chat-message').filter({ hasText: '<b>not bold</b>' });
  await expect(markup).toHaveCount(1);
  await expect(markup.locator('b')).toHaveCount(0);
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);

  // Bob's badges count both, live: the AI chat tab and the Mine entry.
  await expect(bobPhone.page.getByTestId('tab-ai-unread')).toHaveText('2');
  await expect(bobPhone.page.getByTestId('mine-chat-unread')).toHaveText('2');
  await bobPhone.page.getByTestId('mine-chat').click();
  const row = bobPhone.page.locator(`[data-testid="chat-conversation"][data-conversation="user:${alice.uid}"]`);
  await expect(row.getByTestId('chat-conversation-unread')).toHaveText('2');
  await row.click();
  await expect(bobPhone.page.getByTestId('chat-message')).toHaveText([/Hello Bob/, /<b>not bold<\/b>/]);

  // Reading clears the badges (the server's counts, also through the API).
  await expect.poll(() => new ChatApi(api).unread(bobToken)).toBe(0);
  await bobPhone.page.getByTestId('chat-input').fill('Hi Alice!');
  await bobPhone.page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').last()).toContainText('Hi Alice!');
  await bobPhone.app.goto(PAGES.mine);
  await expect(bobPhone.page.getByTestId('mine-chat-unread')).toHaveCount(0);
  await expect(bobPhone.page.getByTestId('tab-ai-unread')).toHaveCount(0);

  // Each message is stored once, in order.
  const history = await new ChatApi(api).messages(bobToken, { type: 'user', id: alice.uid });
  expect(history.map((m) => m.content).reverse()).toEqual(['Hello Bob', '<b>not bold</b>', 'Hi Alice!']);

  // Alice's two messages went over the socket and were acknowledged there (no HTTP fallback).
  await app.goto(CHAT_PAGES.socketLog);
  await expect(page.locator('[data-testid="socket-log-entry"][data-direction="out"][data-type="to_chat"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="socket-log-entry"][data-direction="in"][data-type="ack"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="socket-log-entry"][data-type="http-fallback"]')).toHaveCount(0);
});

test('a group of three with an announcement, then the owner disbands it', async ({ page, app, api, wallet, openUserSession }) => {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  const bobPhone = await openUserSession();
  const bob = await api.signInViaApi(bobPhone.wallet.privateKey);
  const carol = await api.signInViaApi(generatePrivateKey());
  await chat.befriend(bob, alice);
  await chat.befriend(carol, alice);

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(CHAT_PAGES.groups);
  await page.getByTestId('group-create-open').click();
  // Spec §5: name, nickname and announcement are all required.
  await page.getByTestId('group-create-submit').click();
  await expect(app.toast()).toHaveText('Please enter a group name');
  await page.getByTestId('group-name').fill('Reef keepers');
  await page.getByTestId('group-create-submit').click();
  await expect(app.toast()).toHaveText('Please enter your nickname in the group');
  await page.getByTestId('group-nickname').fill('Captain Alice');
  await page.getByTestId('group-create-submit').click();
  await expect(app.toast()).toHaveText('Please enter an announcement');
  await page.getByTestId('group-announcement').fill('Dive at dawn, no plastic.');
  await page.locator(`[data-testid="friend-pick"][data-uid="${bob.uid}"]`).check();
  await page.locator(`[data-testid="friend-pick"][data-uid="${carol.uid}"]`).check();
  await page.getByTestId('group-create-submit').click();
  await expect(app.toast()).toHaveText('Group created');
  await expect(page.getByTestId('chat-title')).toHaveText('Reef keepers');
  await expect(page.getByTestId('group-announcement-banner')).toContainText('Dive at dawn, no plastic.');
  const groupId = Number(new URL(`http://x${await app.hashPath()}`).searchParams.get('id'));
  expect(groupId).toBeGreaterThan(0);

  // Bob finds the group on his chat list and talks; Carol writes through the API; everyone sees both.
  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await bobPhone.app.signIn();
  await bobPhone.app.goto(CHAT_PAGES.groups);
  await bobPhone.page.locator(`[data-testid="group-row"][data-group="${groupId}"]`).click();
  await expect(bobPhone.page.getByTestId('group-announcement-banner')).toContainText('Dive at dawn, no plastic.');
  await bobPhone.page.getByTestId('chat-input').fill('Bob here');
  await bobPhone.page.getByTestId('chat-send').click();
  await chat.send(carol.token, { type: 'group', id: groupId }, 'Carol here');
  for (const phone of [page, bobPhone.page]) {
    await expect(phone.getByTestId('chat-message').filter({ hasText: 'Bob here' })).toHaveCount(1);
    await expect(phone.getByTestId('chat-message').filter({ hasText: 'Carol here' })).toHaveCount(1);
  }

  // The group info lists three members; the owner disbands.
  await page.getByTestId('group-info-link').click();
  await expect(page.getByTestId('group-member')).toHaveCount(3);
  await expect(page.getByTestId('group-info-announcement')).toHaveText('Dive at dawn, no plastic.');
  // The owner removes Carol: she can no longer post.
  await page.locator(`[data-testid="group-member"][data-uid="${carol.uid}"]`).getByTestId('group-member-remove').click();
  await expect(app.toast()).toHaveText('Member removed');
  await expect(page.getByTestId('group-member')).toHaveCount(2);
  const removed = await api.call('POST', '/api/chat/messages', {
    token: carol.token,
    body: { conversation: { type: 'group', id: groupId }, msg_type: 'text', content: 'still here?', client_id: 'e2e-after-removal' },
  });
  expect(removed.body.status).not.toBe(200);
  await page.getByTestId('group-disband').click();
  await page.getByTestId('group-leave-yes').click();
  await expect(app.toast()).toHaveText('Group disbanded');

  // Bob's open group page learns it over the socket; the group is gone from his list.
  await expect(bobPhone.page.getByTestId('group-unavailable')).toBeVisible();
  await bobPhone.app.goto(CHAT_PAGES.groups);
  await expect(bobPhone.page.locator(`[data-testid="group-row"][data-group="${groupId}"]`)).toHaveCount(0);
  const refused = await api.call('POST', '/api/chat/messages', {
    token: bob.token,
    body: { conversation: { type: 'group', id: groupId }, msg_type: 'text', content: 'anyone?', client_id: 'e2e-after-disband' },
  });
  expect(refused.body.status).not.toBe(200);
});

test('a user writes to customer service and an agent answers', async ({ page, app, api, wallet, openUserSession }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  const customer = await api.userInfo(await app.waitForToken());
  expect(customer.account.toLowerCase()).toBe(wallet.address.toLowerCase());
  await app.goto(CHAT_PAGES.messages);
  await page.getByTestId('chat-entry-service').click();
  await expect(page.getByTestId('service-inbox')).toHaveCount(0);
  await page.getByTestId('chat-input').fill('My deposit has not arrived');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').last()).toContainText('My deposit has not arrived');

  const agentPhone = await openUserSession({ privateKey: SERVICE_AGENT_PRIVATE_KEY });
  await agentPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await agentPhone.app.signIn();
  await agentPhone.app.goto(CHAT_PAGES.service);
  const ticket = agentPhone.page.locator(`[data-testid="service-ticket"][data-uid="${customer.uid}"]`);
  await expect(ticket).toContainText('My deposit has not arrived');
  await ticket.getByTestId('service-claim').click();
  await expect(agentPhone.app.toast()).toHaveText('Conversation claimed');
  await ticket.locator('a').click();
  await expect(agentPhone.page.getByTestId('service-ticket-head').getByTestId('service-state')).toHaveAttribute('data-state', 'claimed');
  await expect(agentPhone.page.getByTestId('chat-message')).toContainText(['My deposit has not arrived']);
  await agentPhone.page.getByTestId('chat-input').fill('We are checking it now');
  await agentPhone.page.getByTestId('chat-send').click();

  // The customer's open page gets the answer live, signed by the desk.
  const answer = page.getByTestId('chat-message').filter({ hasText: 'We are checking it now' });
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText('Customer service');

  await agentPhone.page.getByTestId('service-close').click();
  await expect(agentPhone.app.toast()).toHaveText('Conversation closed');
  await expect(agentPhone.page.getByTestId('service-ticket-head').getByTestId('service-state')).toHaveAttribute('data-state', 'closed');
});

// `wallet` injects the signing wallet that the start-up check signs in with.
test('the hidden socket log shows the open socket and its frames', async ({ page, app, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto(CHAT_PAGES.socketLog);
  await expect(page.getByTestId('socket-state')).toHaveText('Open');
  await expect(page.locator('[data-testid="socket-log-entry"][data-direction="in"][data-type="ready"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="socket-log-entry"][data-direction="out"][data-type="online"]')).toHaveCount(1);
});

test('messages sent while a phone is offline arrive once, in order, when the network returns', async ({ api, wallet, openUserSession }) => {
  const { chat, alice, bobPhone, bob } = await friendsOnTwoPhones(api, wallet, openUserSession);
  const toBob = { type: 'user', id: bob.uid } as const;

  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await bobPhone.app.signIn();
  await bobPhone.app.goto(CHAT_PAGES.chat(alice.uid));
  await chat.send(alice.token, toBob, 'before the tunnel');
  await expect(bobPhone.page.getByTestId('chat-message')).toHaveText([/before the tunnel/]);

  // The browser's offline event stops the heartbeat; its online event closes the socket and opens a new one,
  // whose `ready` starts the catch-up from the last message id Bob has seen.
  await bobPhone.context.setOffline(true);
  for (const n of [1, 2, 3]) await chat.send(alice.token, toBob, `in the tunnel ${n}`);
  const catchUp = bobPhone.page.waitForRequest((request) => /\/api\/chat\/sync\?after=\d+$/.test(request.url()));
  await bobPhone.context.setOffline(false);
  await catchUp;
  await expect(bobPhone.page.getByTestId('chat-message')).toHaveText([/before the tunnel/, /in the tunnel 1/, /in the tunnel 2/, /in the tunnel 3/]);

  await bobPhone.app.goto(CHAT_PAGES.socketLog);
  await expect(bobPhone.page.getByTestId('socket-state')).toHaveText('Open');
  await expect(bobPhone.page.locator('[data-testid="socket-log-entry"][data-direction="in"][data-type="ready"]')).toHaveCount(2);
  await expect(bobPhone.page.locator('[data-testid="socket-log-entry"][data-direction="state"][data-type="offline"]')).toHaveCount(1);
});

test('a history reopened after a failed catch-up refetches: a live message does not make the stale copy current', async ({ api, wallet, openUserSession }) => {
  const { chat, alice, bobPhone, bob } = await friendsOnTwoPhones(api, wallet, openUserSession);
  const toBob = { type: 'user', id: bob.uid } as const;
  const { page } = bobPhone;
  // In-app navigation (a hash change), so the query cache lives on as it does for a person tapping around.
  const open = (path: string) => page.evaluate((hash) => (window.location.hash = hash), path);
  const received: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))));

  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await bobPhone.app.signIn();
  await chat.send(alice.token, toBob, 'before the tunnel');
  await open(CHAT_PAGES.chat(alice.uid));
  const messages = page.getByTestId('chat-message');
  await expect(messages).toHaveText([/before the tunnel/]);
  // Bob leaves the conversation: its history stays cached with nobody showing it.
  await open(CHAT_PAGES.messages);
  await expect(page.getByTestId('chat-conversations')).toBeVisible();

  // A tunnel, then the catch-up fails (the network drops the sync request): the history is marked to refetch.
  await page.route(/\/api\/chat\/sync\?/, (route) => route.abort());
  await bobPhone.context.setOffline(true);
  await chat.send(alice.token, toBob, 'in the tunnel');
  const syncFailed = page.waitForEvent('requestfailed', (request) => /\/api\/chat\/sync\?after=\d+$/.test(request.url()));
  await bobPhone.context.setOffline(false);
  await syncFailed;
  await page.unroute(/\/api\/chat\/sync\?/);

  // A live message arrives over the new socket and is merged into the cached history.
  await chat.send(alice.token, toBob, 'after the tunnel');
  await expect.poll(() => received.some((frame) => frame.includes('after the tunnel'))).toBe(true);
  await expect(page.locator(`[data-conversation="user:${alice.uid}"]`)).toContainText('after the tunnel');

  // Reopened, the history shows what the tunnel hid, not only the live message patched into the old copy.
  await open(CHAT_PAGES.chat(alice.uid));
  await expect(messages).toHaveText([/before the tunnel/, /in the tunnel/, /after the tunnel/], { timeout: 5_000 });
});

/** A 1×1 PNG: real image bytes, as the upload endpoint checks content, not names. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('an image goes through the upload and shows on both sides; a link without its id says so', async ({ page, app, api, wallet, openUserSession }) => {
  const { chat, alice, bobPhone, bob } = await friendsOnTwoPhones(api, wallet, openUserSession);

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await app.goto('/pages/chat/chat');
  await expect(page.getByTestId('chat-invalid-link')).toHaveText('This link is incomplete.');
  await app.goto('/pages/chat/chat?uid=abc');
  await expect(page.getByTestId('chat-invalid-link')).toBeVisible();

  await app.goto(CHAT_PAGES.chat(bob.uid));
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await page.getByTestId('chat-image-input').setInputFiles({ name: 'reef.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const sent = page.getByTestId('chat-message').locator('img');
  await expect(sent).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await bobPhone.app.signIn();
  await bobPhone.app.goto(CHAT_PAGES.messages);
  const row = bobPhone.page.locator(`[data-testid="chat-conversation"][data-conversation="user:${alice.uid}"]`);
  await expect(row).toContainText('[Image]');
  await row.click();
  await expect(bobPhone.page.getByTestId('chat-message').locator('img')).toHaveAttribute('src', (await sent.getAttribute('src'))!);
  const [stored] = await chat.messages(bob.token, { type: 'user', id: alice.uid });
  expect(stored).toMatchObject({ msg_type: 'image', from: { uid: alice.uid } });
});

test('a long history loads older pages on demand, each message once', async ({ api, wallet, openUserSession }) => {
  const { chat, alice, bobPhone, bob } = await friendsOnTwoPhones(api, wallet, openUserSession);
  for (let n = 1; n <= 35; n++) {
    // The flood gate admits 20 sends a rolling second per user, over HTTP too (decision 035).
    if (n === 21) await new Promise((resolve) => setTimeout(resolve, 1100));
    await chat.send(alice.token, { type: 'user', id: bob.uid }, `note ${n}`);
  }

  await bobPhone.app.presetStorage({ [STORAGE.language]: 'en-us' });
  await bobPhone.app.signIn();
  await bobPhone.app.goto(CHAT_PAGES.chat(alice.uid));
  const messages = bobPhone.page.getByTestId('chat-message');
  await expect(messages).toHaveCount(30);
  await expect(messages.first().getByTestId('chat-bubble-content')).toHaveText('note 6');
  await bobPhone.page.getByTestId('chat-load-older').click();
  await expect(messages).toHaveCount(35);
  await expect(messages.first().getByTestId('chat-bubble-content')).toHaveText('note 1');
  await expect(messages.last().getByTestId('chat-bubble-content')).toHaveText('note 35');
  await expect(bobPhone.page.getByTestId('chat-load-older')).toHaveCount(0);
});

test('a socket refused for a revoked token drops the session like an HTTP auth failure', async ({ page, app, api, context, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const token = await app.signIn();
  await app.goto(CHAT_PAGES.socketLog);
  await expect(page.getByTestId('socket-state')).toHaveText('Open');

  // Revoked on the server, the open socket lives on; the reconnect after the network returns is refused.
  await api.logout(token);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.locator('[data-testid="socket-log-entry"][data-type="close"]').filter({ hasText: '4401' })).toHaveCount(1);
  await expect(page.getByTestId('socket-state')).toHaveText('Closed');
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  expect(await app.storage(STORAGE.token)).toBeNull();
  // Closed for good: no retry with the refused token.
  await page.waitForTimeout(2_500);
  await expect(page.locator('[data-testid="socket-log-entry"][data-type="close"]')).toHaveCount(1);
});

test.describe('a part whose code fails to load once', () => {
  // Requests straight from the page, so the route sees the chunk's (the service worker would answer some itself).
  test.use({ serviceWorkers: 'block' });

  test('the sign-in prompt still opens when its code fails to load the first time (a moment without network)', async ({ page, app, api, wallet: _wallet }) => {
    let tries = 0;
    await page.route(/\/assets\/login-prompt-[^/]+\.js$/, (route) => (++tries === 1 ? route.abort('internetdisconnected') : route.continue()));
    await app.presetStorage({ [STORAGE.language]: 'en-us' });
    const token = await app.signIn();
    await app.goto(CHAT_PAGES.socketLog);
    await expect(page.getByTestId('socket-state')).toHaveText('Open');
    // Logout on the server closes the open socket with 4401 at once (decision 037): the session ends, the prompt loads.
    await api.logout(token);
    await expect(page.getByTestId('login-prompt')).toBeVisible({ timeout: 15_000 });
    expect(tries).toBe(2);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
});
