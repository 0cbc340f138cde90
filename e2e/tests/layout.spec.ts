/**
 * Every page of the route table, in all six languages, at the narrowest phone we support (360 × 740), signed
 * in with large balances: nothing may stick out sideways (the page scrolling horizontally, or any element's
 * right edge past the viewport unless a scrolling ancestor holds it), no figure may break across lines, no text may
 * run under a decorative fish, and every control (link, button, tab, field) offers at least 44 × 44 px to a finger —
 * its box or an invisible hit area around it (issue 25 §14). One document per language, the pages visited by hash,
 * so the run stays short.
 */
import { STORAGE } from '../fixtures/app';
import { everyPage, visitByHash } from '../fixtures/pages';
import { buyStarterCard, createCardType, createSession, listCard } from '../fixtures/cards';
import { arrangeCommunityPages } from '../fixtures/community';
import { arrangeShopPages } from '../fixtures/shop';
import { arrangeMiningPages } from '../fixtures/mining';
import { arrangePledgePages } from '../fixtures/pledge';
import { expect, test } from '../fixtures/test';

const LANGUAGES = ['zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru'] as const;

/** The decorative fish drawn over page heads and heroes (components/ui/art). */
const DECORATIVE_FISH = '.page-head__fish, .swimming-fish';

interface Problem {
  kind: 'page-scrolls-sideways' | 'past-right-edge' | 'number-broken' | 'text-under-fish' | 'tap-target-small';
  what: string;
  detail: string;
}

test.use({ viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } });

// Two languages a test: the six-language walk was one four-minute test, the last to end on CI while the other worker
// idled; three tests of a third each share the two workers (issue 24, CI time).
const LANGUAGE_PAIRS = [LANGUAGES.slice(0, 2), LANGUAGES.slice(2, 4), LANGUAGES.slice(4, 6)];

for (const languages of LANGUAGE_PAIRS) {
  test(`every page fits a 360 px phone in ${languages.join(' and ')}, with no text under a fish`, async ({ page, wallet, api, app, openUserSession }) => {
    // Two languages × every route (two more with the proof of liabilities): well above the usual page test. A walk
    // takes ~1.5 min alone; the limit is for a machine loaded by the other worker and more, not a hang.
    test.setTimeout(600_000);
    // Animations off, so the swimming fish sit where their CSS puts them.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    const user = await api.signInViaApi(wallet.privateKey);
    // Long balances: the widths a rich user's numbers take.
    await api.fund(user.uid, 'usdt', '123456789.12345678');
    await api.fund(user.uid, 'coin', '98765432.1');
    await api.fund(user.uid, 'rusd', '1234567.5');
    const friend = await openUserSession();
    const other = await api.signInViaApi(friend.wallet.privateKey);

    // Cards: a type with a long name and a large price, a session open now, two cards bought — one listed on the
    // market, one kept (no holding time, so the market pages have a listing to show).
    await api.fund(user.uid, 'fuel', '98765432.1');
    const cardType = await createCardType(api, {
      name: 'Great Barrier Reef collector card',
      start_price: '123456.78',
      price_step_bp: 500,
      fuel_fee_bp: 1000,
      trade_points: '12345.5',
      hold_days: 0,
      list_window_days: 7,
      platform_fee_bp: 500,
      renewal_fee_bp: 100,
      per_user_cap: 2,
    });
    await createSession(api, cardType.id, { opensInMs: 0, durationMs: 3_600_000, stock: 1000 });
    const kept = await buyStarterCard(api, user.token, cardType.id);
    const listed = await buyStarterCard(api, user.token, cardType.id);
    const listingId = await listCard(api, user.token, listed.id);

    // The card pages read the ids just made.
    const cardPages = {
      'cards/details': `?card=${kept.id}`,
      'cards/sell': `?card=${kept.id}`,
      'cards/success': `?card=${kept.id}`,
      'trading/details': `?listing=${listingId}`,
      'trading/renewal': `?card=${kept.id}`,
      'trading/success': `?kind=listed&id=${listed.id}`,
    } as const;
    // Mining: a product with a long name and a large price, one miner bought.
    const miningPages = await arrangeMiningPages(api, user.token, '123456.78');

    // Pledge: an open product with large figures and a position in it.
    const pledgePages = await arrangePledgePages(api, user.token);

    // Community: the user leads a team of two generations who bought; the team pages that are not spec pages.
    const teamPages = await arrangeCommunityPages(api, user);
    // Points shop: goods with a long title and a large price, an address, an unpaid order; its pages are not spec pages.
    const shopPages = await arrangeShopPages(api, user.token);

    const problems: string[] = [];
    await app.presetStorage({ [STORAGE.language]: languages[0] });
    await app.signIn();

    // The detector itself: a planted 500 px box and a planted two-line figure must be reported.
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.id = 'layout-probe-wide';
      wide.style.width = '500px';
      wide.style.height = '10px';
      const figure = document.createElement('p');
      figure.id = 'layout-probe-figure';
      figure.style.width = '40px';
      figure.style.overflowWrap = 'anywhere';
      figure.textContent = '123,456,789.1234';
      // A 24 px button is too small to tap; the same button given the shared invisible hit area is not.
      const small = document.createElement('button');
      small.id = 'layout-probe-small';
      small.style.cssText = 'width:24px;height:24px;padding:0';
      const padded = document.createElement('button');
      padded.id = 'layout-probe-padded';
      padded.className = 'chip-button';
      padded.style.cssText = 'width:24px;height:24px;padding:0';
      document.querySelector('main')!.append(wide, figure, small, padded);
    });
    const planted = await findProblems(page);
    expect(planted.map((problem) => problem.kind)).toEqual(
      expect.arrayContaining(['page-scrolls-sideways', 'past-right-edge', 'number-broken', 'tap-target-small']),
    );
    const tooSmall = planted.filter((problem) => problem.kind === 'tap-target-small').map((problem) => problem.what);
    expect(tooSmall.filter((what) => what.includes('layout-probe-small'))).toHaveLength(1);
    expect(tooSmall.filter((what) => what.includes('layout-probe-padded'))).toEqual([]);
    await page.evaluate(() => document.querySelectorAll('[id^="layout-probe-"]').forEach((probe) => probe.remove()));

    for (const language of languages) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [STORAGE.language, language] as const);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));

      for (const { path } of [...everyPage(other.uid, { ...cardPages, ...miningPages, ...pledgePages }), ...teamPages, ...shopPages]) {
        await visitByHash(page, path);
        for (const problem of await findProblems(page)) {
          problems.push(`${language} ${path}: ${problem.kind} — ${problem.what} (${problem.detail})`);
        }
      }
    }

    expect(problems, problems.join('\n')).toEqual([]);
  });
}

function findProblems(page: import('@playwright/test').Page): Promise<Problem[]> {
  // The phone's width, not window.innerWidth: a mobile browser zooms out to show content wider than the screen,
  // and innerWidth then grows with the overflow it should reveal (the planted probe proves it does not here).
  const width = page.viewportSize()!.width;
  return page.evaluate(
    ({ fishSelector, width }) => {
      const problems: Problem[] = [];
      // Sub-pixel rounding is not an overflow.
      const slack = 0.5;

      const describe = (element: Element): string => {
        const id = element.getAttribute('data-testid') ?? (element.id ? `#${element.id}` : null);
        const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}${classes ? ` .${classes}` : ''}> "${text}"`;
      };

      if (document.documentElement.scrollWidth > width) {
        problems.push({ kind: 'page-scrolls-sideways', what: 'document', detail: `scrollWidth ${document.documentElement.scrollWidth} > ${width}` });
      }

      /**
       * A sideways-scrolling ancestor that fits holds what sticks out of it (a strip meant to scroll). Clipping does
       * not excuse text (cut-off words are the bug); it does excuse decoration (aria-hidden art drawn past a hero).
       */
      const heldByAncestor = (element: Element): boolean => {
        if (element.closest('[aria-hidden="true"]') !== null) {
          for (let parent = element.parentElement; parent !== null && parent !== document.body; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + slack) return true;
          }
        }
        for (let parent = element.parentElement; parent !== null && parent !== document.body; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowX;
          if ((overflow === 'auto' || overflow === 'scroll') && parent.getBoundingClientRect().right <= width + slack) return true;
        }
        return false;
      };

      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.position === 'fixed') continue;
        if (rect.right > width + slack && !heldByAncestor(element)) {
          problems.push({ kind: 'past-right-edge', what: describe(element), detail: `right ${Math.round(rect.right)} > ${width}` });
        }
      }

      // A figure ("123,456,789.1234", "≈ 12.5000 USDT") must read on one line, never broken between digits.
      const figure = /^[≈+-]?\s*[\d,]+(\.\d+)?\s*(%|[A-Z]{2,6})?$/;
      const numbers = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = numbers.nextNode(); node !== null; node = numbers.nextNode()) {
        const text = (node.textContent ?? '').trim();
        if (!figure.test(text) || !/\d{2}/.test(text) || node.parentElement === null) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top / 4)),
        );
        if (tops.size > 1) problems.push({ kind: 'number-broken', what: describe(node.parentElement), detail: `"${text}" on ${tops.size} lines` });
      }

      const fish = Array.from(document.querySelectorAll(fishSelector))
        .map((element) => element.getBoundingClientRect())
        .filter((r) => r.width > 0);
      if (fish.length > 0) {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          if ((node.textContent ?? '').trim() === '') continue;
          const parent = node.parentElement;
          if (parent === null || parent.closest('[aria-hidden="true"], .sr-only') !== null) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of Array.from(range.getClientRects())) {
            const hit = fish.find((f) => line.left < f.right - 1 && line.right > f.left + 1 && line.top < f.bottom - 1 && line.bottom > f.top + 1);
            if (hit) {
              problems.push({
                kind: 'text-under-fish',
                what: describe(parent),
                detail: `text ${Math.round(line.left)}–${Math.round(line.right)} meets fish at ${Math.round(hit.left)}`,
              });
              break;
            }
          }
        }
      }
      problems.push(...smallTapTargets(describe));
      return problems;

      /**
       * Every visible control must offer 44 × 44 px to a finger (issue 25 §14): its own box, or an invisible hit area
       * drawn around it (an absolutely placed ::before/::after, the `.chip-button` pattern), or the label that holds
       * it (a checkbox). Controls hidden for sight only (1 px file inputs behind their label) are not tapped directly.
       */
      function smallTapTargets(name: (element: Element) => string): Problem[] {
        const found: Problem[] = [];
        const controls = 'a[href], button, [role="button"], [role="tab"], input:not([type="hidden"]), select, textarea, summary';
        for (const control of Array.from(document.body.querySelectorAll(controls))) {
          const box = control.getBoundingClientRect();
          if (box.width <= 2 || box.height <= 2) continue;
          if (getComputedStyle(control).visibility === 'hidden' || control.closest('[aria-hidden="true"], [inert]') !== null) continue;
          let across = box.width;
          let down = box.height;
          for (const pseudo of ['::before', '::after']) {
            const area = getComputedStyle(control, pseudo);
            if (area.content === 'none' || area.content === 'normal' || area.position !== 'absolute' || area.pointerEvents === 'none') continue;
            across = Math.max(across, parseFloat(area.width) || 0);
            down = Math.max(down, parseFloat(area.height) || 0);
          }
          const label = control.closest('label');
          if (label !== null) {
            const held = label.getBoundingClientRect();
            across = Math.max(across, held.width);
            down = Math.max(down, held.height);
          }
          if (across < 44 - slack || down < 44 - slack) {
            found.push({ kind: 'tap-target-small', what: name(control), detail: `${Math.round(across)} × ${Math.round(down)} px` });
          }
        }
        return found;
      }
    },
    { fishSelector: DECORATIVE_FISH, width },
  );
}
