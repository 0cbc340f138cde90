/**
 * Issue 10, "Identity" (decision 044): a nickname and an avatar set on the profile page reached from Mine, the
 * referrer shown on Mine, and binding a referrer by uid or invite link with a paste button and plain refusals.
 */
import { generatePrivateKey } from 'viem/accounts';
import { PAGES, STORAGE } from '../fixtures/app';
import { CHAT_PAGES, ChatApi } from '../fixtures/chat';
import { expect, test } from '../fixtures/test';

/** A real 1×1 PNG: the server decides the type from the bytes. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('sets a nickname and an avatar from Mine, and Mine shows them', async ({ page, api, app, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const token = await app.signIn();
  await app.goto(PAGES.mine);
  await expect(page.getByTestId('mine-nickname')).toHaveText('Reef dweller');
  await expect(page.getByTestId('mine-referrer')).toHaveText('Not bound yet');

  await page.getByTestId('mine-edit-profile').click();
  await expect.poll(() => app.hashPath()).toBe(PAGES.profile);

  // A control character (a pasted tab) is refused on the page by the contract's rule, before any request.
  await page.getByTestId('profile-nickname-input').fill('Coral\tCrab');
  await page.getByTestId('profile-save').click();
  await expect(app.toast()).toHaveText('A nickname has 1 to 20 characters and no line breaks or control characters');
  expect((await api.userInfo(token)).nickname).toBe('');
  // Each submit button ignores a second tap for a moment: the next try comes after the toast.
  await expect(app.toast()).toBeHidden();

  await page.getByTestId('profile-nickname-input').fill('Coral Crab');
  await page.getByTestId('profile-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('profile-avatar-preview')).toBeVisible();
  await page.getByTestId('profile-save').click();
  await expect(app.toast()).toHaveText('Profile saved');

  const me = await api.userInfo(token);
  expect(me.nickname).toBe('Coral Crab');
  expect(me.avatar).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => app.hashPath()).toBe(PAGES.mine);
  await expect(page.getByTestId('mine-nickname')).toHaveText('Coral Crab');
  await expect(page.locator('.profile img.avatar')).toHaveAttribute('src', me.avatar!);
});

test('Mine shows who the referrer is', async ({ page, api, app, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const referrer = await api.signInViaApi(generatePrivateKey());
  await api.call('POST', '/api/user/setInfo', { token: referrer.token, body: { nickname: 'Old Turtle' } });

  await app.signIn({ search: `?spread=${referrer.uid}` });
  await app.goto(PAGES.mine);

  const badge = page.getByTestId('mine-referrer');
  await expect(badge).toContainText('Old Turtle');
  await expect(badge).toContainText(`UID ${referrer.uid}`);
  await expect(badge).toContainText(`${referrer.account.slice(0, 4)}...${referrer.account.slice(-4)}`);
});

test('binds a referrer by uid pasted from the clipboard, with plain refusals first', async ({ page, context, api, app, wallet: _wallet }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  const referrer = await api.signInViaApi(generatePrivateKey());
  const token = await app.signIn();
  const input = page.getByTestId('bind-address-input');

  await input.fill('not-an-address');
  await page.getByTestId('bind-submit').click();
  await expect(app.toast()).toHaveText('Not a valid address, UID or invite link');
  await expect(app.toast()).toBeHidden();

  await input.fill('2000000000');
  await page.getByTestId('bind-submit').click();
  await expect(app.toast()).toHaveText('No such user: nobody has registered with this address or UID');
  expect((await api.userInfo(token)).invite_address).toBeNull();
  await expect(app.toast()).toBeHidden();

  await page.evaluate((text) => navigator.clipboard.writeText(text), `https://reef.example/index/?spread=${referrer.uid}#/`);
  await page.getByTestId('bind-paste').click();
  await expect(input).toHaveValue(`https://reef.example/index/?spread=${referrer.uid}#/`);
  await page.getByTestId('bind-submit').click();
  await expect(app.toast()).toHaveText('Bound successfully');
  await expect(input).toBeHidden();
  expect((await api.userInfo(token)).invite_address).toBe(referrer.account);
});

test('a person’s picture and name show wherever they appear: chats, friend card, group members, the transfer sheet', async ({ page, wallet, api, app }) => {
  const chat = new ChatApi(api);
  const alice = await api.signInViaApi(wallet.privateKey);
  await api.fund(alice.uid, 'usdt', '10');
  await api.setPayPassword(alice.token, '258036');
  const bob = await api.signInViaApi(generatePrivateKey());
  const bobAvatar = await api.setProfile(bob.token, 'Bob Barnacle', PNG_1X1);
  await chat.befriend(bob, alice);
  await chat.send(bob.token, { type: 'user', id: alice.uid }, 'hello from bob');
  const group = await api.data<{ id: number }>('POST', '/api/chat/groups', {
    token: bob.token,
    body: { name: 'Tide pool', nickname: 'Captain Bob', announcement: 'Welcome', member_uids: [alice.uid] },
  });
  await chat.send(bob.token, { type: 'group', id: group.id }, 'hello group');

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  const picture = (scope: ReturnType<typeof page.locator>) => scope.locator(`img.avatar[src="${bobAvatar}"]`);

  // The conversation list: Bob's row carries his picture; the group row its initial tile.
  await app.goto(CHAT_PAGES.messages);
  await expect(picture(page.locator(`[data-conversation="user:${bob.uid}"]`))).toBeVisible();
  await expect(page.locator(`[data-conversation="group:${group.id}"] .chat-avatar--group`)).toHaveText('T');

  // The direct chat: the top bar and the header name him, the header and his bubble show his picture.
  await app.goto(CHAT_PAGES.chat(bob.uid));
  await expect(page.getByTestId('page-title')).toHaveText('Bob Barnacle');
  await expect(page.getByTestId('chat-title')).toHaveText('Bob Barnacle');
  await expect(picture(page.getByTestId('chat-header'))).toBeVisible();
  await expect(picture(page.getByTestId('chat-message').filter({ hasText: 'hello from bob' }))).toBeVisible();

  await app.goto(`/pages/chat/friCard?uid=${bob.uid}`);
  await expect(picture(page.getByTestId('friend-card'))).toBeVisible();

  // The group: the top bar names it, Bob's bubble and his member row show his picture.
  await app.goto(CHAT_PAGES.group(group.id));
  await expect(page.getByTestId('page-title')).toHaveText('Tide pool');
  await expect(picture(page.getByTestId('chat-message').filter({ hasText: 'hello group' }))).toBeVisible();
  await app.goto(CHAT_PAGES.groupInfo(group.id));
  await expect(picture(page.locator(`[data-testid="group-member"][data-uid="${bob.uid}"]`))).toBeVisible();
  await expect(page.locator(`[data-testid="group-member"][data-uid="${alice.uid}"] .avatar--fish`)).toBeVisible();

  // The transfer sheet previews the recipient with his picture.
  await app.goto(PAGES.transfer);
  await page.getByTestId('transfer-asset').selectOption('usdt');
  await page.getByTestId('transfer-address').fill(String(bob.uid));
  await page.getByTestId('transfer-amount').fill('1');
  await page.getByTestId('transfer-submit').click();
  const sheet = page.getByTestId('transfer-sheet');
  await expect(sheet.getByTestId('transfer-sheet-nickname')).toHaveText('Bob Barnacle');
  await expect(picture(sheet.getByTestId('transfer-sheet-recipient'))).toBeVisible();
});
