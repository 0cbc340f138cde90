/**
 * Issue 25 §15, the walk's problem: "The console reads as a developer tool: raw asset keys (MINERAL, usdt), 8-decimal
 * figures, ISO timestamps, a raw-JSON audit log, no success toast after approving, a table that overflows at 1280 px,
 * and the dashboard's service-desk link opens the app's 404." Decision 116 is what was built for it.
 *
 * One administrator session at 1280×800, the language switched with the console's picker (a reload would end the
 * console's in-memory session). A customer holds all seven assets and has six withdrawals waiting, one for each
 * language. In each language the dashboard, the withdrawals, the audit log and the customer's page show symbols, not
 * asset keys; the app's amounts, not the ledger's eight places; dates, not ISO instants; the language's own strings,
 * not English ones; and nothing wider than the window. The withdrawal approved in that language ends in the toast of
 * that language's catalogue, and the audit log reads every approval so far as a sentence in that language: who,
 * the verb, the area and the withdrawal, status before → after. Last, the dashboard's desk link lands on the app's
 * service desk. Every expected string comes from the console's (and, for the desk, the app's) catalogues.
 */
import type { Locator, Page } from '@playwright/test';
import { ASSET_KEYS, DEFAULT_ASSET_SYMBOLS, fromUnits, toUnits } from '@reef/contract';
import { generatePrivateKey } from 'viem/accounts';
import { LANGUAGES as APP_LANGUAGES, say } from '../fixtures/catalogue';
import { openConsole } from '../fixtures/console';
import { ADMIN_PRIVATE_KEY, ORIGIN } from '../fixtures/env';
import { expect, test } from '../fixtures/test';
import { de } from '../../apps/web/src/console/locales/de';
import { en } from '../../apps/web/src/console/locales/en';
import { pt } from '../../apps/web/src/console/locales/pt';
import { ru } from '../../apps/web/src/console/locales/ru';
import { zhCn } from '../../apps/web/src/console/locales/zh-cn';
import { zhTw } from '../../apps/web/src/console/locales/zh-tw';

type Catalogue = typeof en;
type Key = keyof Catalogue;

/** The six console languages in the picker's order, each with its catalogue. */
const CONSOLE: readonly { code: string; cat: Catalogue }[] = [
  { code: 'zh-tw', cat: zhTw },
  { code: 'zh-cn', cat: zhCn },
  { code: 'en', cat: en },
  { code: 'pt', cat: pt },
  { code: 'de', cat: de },
  { code: 'ru', cat: ru },
];

const WINDOW = { width: 1280, height: 800 };
const PASSWORD = '246810';

/** A catalogue string with its `{{name}}` filled in. */
function say1(cat: Catalogue, key: Key, values: Record<string, string | number> = {}): string {
  return cat[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** An exact amount as the console shows it, like the app: four places, the whole part grouped by thousands. */
function shown(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = fromUnits(toUnits(negative ? amount.slice(1) : amount), 4).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/**
 * An asset key as the API sends it, read as a word: `usdt`, `MINERAL`. The upper-case forms that are also the
 * default symbols (USDT, RUSD) are what the console should show, so they are not raw.
 */
const SYMBOLS = new Set(Object.values(DEFAULT_ASSET_SYMBOLS));
const RAW_KEY = new RegExp(`\\b(${ASSET_KEYS.flatMap((k) => [k, k.toUpperCase()].filter((f) => !SYMBOLS.has(f))).join('|')})\\b`);
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:/;
/** A figure with the ledger's eight places (`120.00000000`, `1,234.56780000`). */
const EIGHT_PLACES = /\d\.\d{8}(?!\d)/;

/**
 * A catalogue string as a pattern over one text node: its literal parts as they are, each `{{name}}` a captured
 * group. A node that is one of the language's own strings is checked only in what was filled into it, so "fuel" in
 * "Card fuel fee" is a word, not a raw key, while `{{asset}}` filled with `usdt` would still be caught.
 */
function templates(cat: Catalogue): RegExp[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.values(cat).map(
    (value) =>
      new RegExp(
        `^${value
          .split(/\{\{\w+\}\}/)
          .map(escape)
          .join('(.+?)')}$`,
        's',
      ),
  );
}

/** What is filled into a text node that is a catalogue string; the node itself when it is none. */
function ownPart(text: string, patterns: RegExp[]): string {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match.slice(1).join(' ');
  }
  return text;
}

/**
 * The visible text nodes of `main`, one string each: not a tooltip (an attribute), not the audit row's "Raw record"
 * behind its disclosure (only its summary), not a form field's value.
 */
async function visibleTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.locator('main').evaluate((main) => {
    const out: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !parent.checkVisibility()) continue;
      const raw = parent.closest('details');
      if (raw && !parent.closest('summary')) continue;
      const cell = parent.closest('[data-testid]');
      out.push({ text, where: cell?.getAttribute('data-testid') ?? parent.tagName.toLowerCase() });
    }
    return out;
  });
}

/** The walk's reading problems on the page shown now, in this language. */
async function expectReadable(page: Page, code: string, cat: Catalogue, what: string) {
  const patterns = templates(cat);
  const own = new Set(Object.values(cat));
  const english = new Set(Object.values(en).filter((v) => !own.has(v) && /[a-z]{3}/.test(v)));
  const texts = await visibleTexts(page);
  expect(texts.length, `${code} ${what}: some text`).toBeGreaterThan(5);
  const problems: string[] = [];
  for (const { text, where } of texts) {
    const label = `${where}: "${text}"`;
    if (RAW_KEY.test(ownPart(text, patterns))) problems.push(`raw asset key — ${label}`);
    if (ISO_INSTANT.test(text)) problems.push(`ISO instant — ${label}`);
    if (EIGHT_PLACES.test(text)) problems.push(`eight places — ${label}`);
    if (code !== 'en' && english.has(text)) problems.push(`English string — ${label}`);
    if (/^[[{]"/.test(text)) problems.push(`JSON — ${label}`);
  }
  expect(problems, `${code} ${what}`).toEqual([]);
}

/** Nothing wider than the window: the page does not scroll sideways, and a table wider than its column scrolls in its own box. */
async function expectFitsWindow(page: Page, code: string, what: string) {
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    loose: Array.from(document.querySelectorAll('main table'))
      .filter((table) => !table.closest('.table-scroll') && table.getBoundingClientRect().right > window.innerWidth)
      .map((table) => table.getAttribute('data-testid') ?? table.outerHTML.slice(0, 80)),
    boxes: Array.from(document.querySelectorAll('main .table-scroll'))
      .filter((box) => box.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((box) => box.parentElement?.getAttribute('data-testid') ?? 'table-scroll'),
  }));
  expect(layout.scrollWidth, `${code} ${what}: page width`).toBeLessThanOrEqual(WINDOW.width);
  expect(layout.loose, `${code} ${what}: tables outside a scroll box`).toEqual([]);
  expect(layout.boxes, `${code} ${what}: scroll boxes past the window`).toEqual([]);
}

async function openFromMenu(page: Page, cat: Catalogue, key: Key, heading: Locator) {
  await page.getByRole('complementary').getByRole('link', { name: cat[key], exact: true }).click();
  await expect(page.locator('main h1').first()).toHaveText(cat[key]);
  await expect(heading).toBeVisible();
}

test('the console reads like the app in its six languages at 1280 × 800: symbols, amounts, dates, toasts, a readable audit, no overflow, the desk link lands', async ({
  browser,
  api,
}) => {
  test.setTimeout(360_000);
  // A customer with all seven assets (amounts the ledger keeps to eight places) and six withdrawals waiting.
  const admin = await api.signInViaApi(ADMIN_PRIVATE_KEY);
  const customer = await api.signInViaApi(generatePrivateKey());
  const holdings: Record<(typeof ASSET_KEYS)[number], string> = {
    usdt: '2000',
    coin: '321.5',
    rusd: '75.25',
    trade: '40',
    fuel: '12.125',
    mineral: '12345.678',
    game: '88.8',
  };
  for (const asset of ASSET_KEYS) await api.fund(customer.uid, asset, holdings[asset], `e2e readable, ${DEFAULT_ASSET_SYMBOLS[asset]}`);
  await api.setPayPassword(customer.token, PASSWORD);
  const amounts = CONSOLE.map((_, i) => `${101 + i}.25`);
  const withdrawals: { id: number }[] = [];
  for (const amount of amounts) {
    withdrawals.push(await api.data<{ id: number }>('POST', '/api/finance/extract', { token: customer.token, body: { amount, password: PASSWORD } }));
  }
  const held = Object.fromEntries((await api.userInfo(customer.token)).balances.map((b) => [b.key, b.amount]));
  const mark = Date.now().toString(16).padStart(12, '0');
  const payout = (i: number) => `0x${mark}${String(i).padStart(4, '0')}${'ab'.repeat(24)}`;

  const desk = await openConsole(browser, ORIGIN, ADMIN_PRIVATE_KEY);
  await desk.setViewportSize(WINDOW);
  const main = desk.locator('main');
  const toast = desk.getByTestId('console-toast');

  for (const [i, { code, cat }] of CONSOLE.entries()) {
    await desk.getByTestId('console-language').selectOption(code);
    await expect(desk.getByRole('complementary').getByRole('heading', { level: 1 })).toHaveText(cat['app.title']);

    // The dashboard: symbols, the app's amounts, dates; the desk link says the queue and where it goes.
    await openFromMenu(desk, cat, 'nav.dashboard', desk.getByTestId('liabilities').locator('tbody tr').first());
    await expect(desk.getByTestId('liabilities').locator('tbody th', { hasText: DEFAULT_ASSET_SYMBOLS.mineral })).toBeVisible();
    const deskLink = desk.getByTestId('desk-link');
    await expect(deskLink).toHaveAttribute('title', cat['desk.open']);
    await expect(deskLink).toHaveAttribute('href', '/index/#/pages/chat/myService');
    await expect(deskLink).toHaveText(new RegExp(`^${cat['desk.queue'].replace('{{count}}', '\\d+')}$`));
    await expectReadable(desk, code, cat, 'dashboard');
    await expectFitsWindow(desk, code, 'dashboard');

    // The withdrawals: the waiting ones in symbols and app amounts; approve this language's one.
    const withdrawal = withdrawals[i]!;
    const row = desk.getByTestId(`withdrawal-${withdrawal.id}`);
    await openFromMenu(desk, cat, 'nav.withdrawals', row);
    const line = main.locator('tbody tr', { has: row });
    await expect(line).toContainText(`${DEFAULT_ASSET_SYMBOLS.usdt}`);
    await expect(line).toContainText(shown(amounts[i]!));
    await expectReadable(desk, code, cat, 'withdrawals');
    await expectFitsWindow(desk, code, 'withdrawals');
    await row.getByRole('button', { name: cat['reviews.approve'], exact: true }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel(cat['reviews.txHash']).fill(payout(i));
    await dialog.getByRole('button', { name: cat['common.confirm'], exact: true }).click();
    await expect(dialog).toContainText(`${cat['reviews.approve']} #${withdrawal.id}: ${shown(amounts[i]!)} ${DEFAULT_ASSET_SYMBOLS.usdt} → `);
    await dialog.getByRole('button', { name: cat['common.confirm'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast).toHaveText(say1(cat, 'common.doneAction', { action: cat['reviews.approve'] }));
    await expect(toast).toHaveAttribute('data-tone', 'success');
    await expect(row).toHaveCount(0);

    // The audit log: every approval so far, each a sentence in this language — who, the verb, the area and the
    // withdrawal, status before → after; the route only in the tooltip, the raw record behind its disclosure.
    const audit = desk.getByTestId('table-audit');
    await openFromMenu(desk, cat, 'nav.audit', audit);
    await desk.getByLabel(cat['audit.textFilter'], { exact: true }).fill(`0x${mark}`);
    await expect(audit.locator('tbody tr')).toHaveCount(i + 1);
    for (let j = 0; j <= i; j++) {
      const entry = audit.locator('tbody tr', { hasText: new RegExp(`#${withdrawals[j]!.id}(?!\\d)`) });
      // The wallet as the log keeps it (lower case), shortened.
      const wallet = admin.account.toLowerCase();
      await expect(entry.locator('.audit-who')).toHaveText(`uid ${admin.uid} · ${wallet.slice(0, 6)}…${wallet.slice(-4)}`);
      await expect(entry).toContainText(`${cat['audit.verb.approve']} · ${cat['nav.withdrawals']} #${withdrawals[j]!.id}`);
      await expect(entry.getByTestId('audit-change-status')).toHaveText(`status: ${cat['status.pending']} → ${cat['status.approved']}`);
      await expect(entry.getByTitle('POST /api/admin/withdrawals/:id/approve')).toBeVisible();
    }
    await expectReadable(desk, code, cat, 'audit log');
    await expectFitsWindow(desk, code, 'audit log');
    const newest = audit.locator('tbody tr', { hasText: new RegExp(`#${withdrawal.id}(?!\\d)`) });
    await newest.getByText(cat['audit.raw'], { exact: true }).click();
    await expect(newest.locator('pre')).toContainText(payout(i));
    await newest.getByText(cat['audit.raw'], { exact: true }).click();

    // The customer's page: every balance under its symbol in the app's amounts, the journal likewise.
    await desk.goto(`${ORIGIN}/admin/#/users/${customer.uid}`);
    const balances = desk.getByTestId('user-balances');
    for (const asset of ASSET_KEYS) {
      const symbol = desk.locator('th').getByText(DEFAULT_ASSET_SYMBOLS[asset], { exact: true });
      await expect(balances.locator('tr').filter({ has: symbol }), `${code} ${asset}`).toContainText(shown(held[asset]!));
    }
    await expect(desk.getByTestId('table-user-journal').locator('tbody tr').first()).toBeVisible();
    await expectReadable(desk, code, cat, 'user page');
    await expectFitsWindow(desk, code, 'user page');
  }

  // The desk link lands on the app's service desk, not its 404 (the console's session ends here: it is the last step).
  await desk.getByRole('complementary').getByRole('link', { name: ru['nav.dashboard'], exact: true }).click();
  await desk.getByTestId('desk-link').click();
  await expect(desk).toHaveURL(/\/index\/#\/pages\/chat\/myService$/);
  const titles = APP_LANGUAGES.map((language) => say(language, 'titles.chat/myService'));
  await expect(desk.getByTestId('page-title')).toBeVisible();
  expect(titles).toContain(await desk.getByTestId('page-title').innerText());
  await expect(desk.getByTestId('not-found')).toHaveCount(0);
  // The injected wallet signs the app in by itself: the desk's own conversation, not the sign-in prompt.
  await expect(desk.getByTestId('service-mine')).toBeVisible();
});
