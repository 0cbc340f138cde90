/**
 * The operator console in its six languages (issue 16, decision 085) on a desktop viewport with the injected wallet:
 * the first load carries only the default (Traditional Chinese) strings; the sign-in page offers the language choice;
 * signed in, each of the six switches the menu and `<html lang>`, each language's strings fetched only when chosen;
 * the last choice survives a reload.
 */
import { ADMIN_PRIVATE_KEY } from '../fixtures/env';
import { DESKTOP } from '../fixtures/console';
import { expect, test } from '../fixtures/test';
import { InjectedWallet } from '../fixtures/wallet';

/** Each language: its select value, `<html lang>`, the menu title and the users link. */
const LANGUAGES = [
  { code: 'zh-cn', tag: 'zh-CN', title: 'Reef 运营后台', users: '用户' },
  { code: 'en', tag: 'en', title: 'Reef Console', users: 'Users' },
  { code: 'pt', tag: 'pt', title: 'Console Reef', users: 'Usuários' },
  { code: 'de', tag: 'de', title: 'Reef-Konsole', users: 'Nutzer' },
  { code: 'ru', tag: 'ru', title: 'Консоль Reef', users: 'Пользователи' },
  { code: 'zh-tw', tag: 'zh-TW', title: 'Reef 營運後台', users: '用戶' },
] as const;

/** A language file's chunk: Vite names a lazy chunk after its module (`locales/de.ts` → `de-<hash>.js`). */
const languageChunk = (url: string) => /\/(zh-cn|en|pt|de|ru)-[\w-]+\.js$/.exec(new URL(url).pathname)?.[1];

test('the console switches between its six languages, loading each on choice', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (request) => {
    const chunk = request.resourceType() === 'script' ? languageChunk(request.url()) : undefined;
    if (chunk) fetched.push(chunk);
  });
  await InjectedWallet.attach(page, { privateKey: ADMIN_PRIVATE_KEY });
  await page.goto('/admin/');

  // First load: the default language only, no other language's chunk.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByRole('heading', { name: '營運後台' })).toBeVisible();
  expect(fetched).toEqual([]);

  // The sign-in page has the choice too, labelled in the language on screen.
  await page.getByRole('combobox', { name: '語言' }).selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in with wallet' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(fetched).toEqual(['en']);
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();

  const menu = page.getByRole('complementary');
  await expect(menu.getByRole('heading', { level: 1 })).toHaveText('Reef Console');
  for (const { code, tag, title, users } of LANGUAGES) {
    await page.getByTestId('console-language').selectOption(code);
    await expect(menu.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page).toHaveTitle(title);
    await expect(menu.getByRole('link', { name: users, exact: true })).toBeVisible();
  }
  // Each language's chunk came once, when it was first chosen; the default never needed one.
  expect(fetched).toEqual(['en', 'zh-cn', 'pt', 'de', 'ru']);

  // The choice is kept: after a reload the console starts in it.
  await page.getByTestId('console-language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(menu.getByRole('heading', { level: 1 })).toHaveText('Reef-Konsole');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('console-language')).toHaveValue('de');
  await context.close();
});
