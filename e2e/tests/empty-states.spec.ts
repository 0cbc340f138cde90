/**
 * Empty states (issue 25 §5, decision 115): a new user's lists say what the page is for and offer the next step as a
 * real link, in all six languages, at 360 px and 390 px, inside the phone's width. One user and one document: the
 * language is switched on Mine, the pages are visited by hash, the width changed in place.
 */
import { pagePath } from '../../apps/web/src/lib/pages';
import { STORAGE } from '../fixtures/app';
import { CORAL, createCardType, createSession } from '../fixtures/cards';
import { expectFits, LANGUAGES, PHONES, say, switchLanguage } from '../fixtures/catalogue';
import { visitByHash } from '../fixtures/pages';
import { expect, test } from '../fixtures/test';

/** Each list the walk found saying only "Content is empty": where it is, its box, its strings, where the action goes. */
const LISTS = [
  { path: pagePath('cards/order'), testId: 'cards-empty-my-cards', strings: 'cards.emptyState.myCards', to: pagePath('cards/index') },
  { path: pagePath('trading/order'), testId: 'cards-empty-orders', strings: 'cards.emptyState.orders', to: pagePath('trading/index') },
  { path: pagePath('pledge/myList'), testId: 'my-pledges-empty', strings: 'pledge.emptyState', to: pagePath('pledge/index') },
  { path: pagePath('user/gameRoom'), testId: 'game-rounds-empty', strings: 'games.emptyState', to: pagePath('game/index') },
  { path: pagePath('user/record'), testId: 'deposits-empty', strings: 'records.emptyState.deposits', to: pagePath('property/recharge') },
  { path: `${pagePath('index/incomeTpl')}?kind=direct`, testId: 'income-empty', strings: null, to: pagePath('community/invite') },
] as const;

// Two languages a test, each with its own new user: the three share the workers (as layout.spec does).
const LANGUAGE_PAIRS = [LANGUAGES.slice(0, 2), LANGUAGES.slice(2, 4), LANGUAGES.slice(4, 6)];

for (const languages of LANGUAGE_PAIRS) {
  test(`a new user’s empty lists say what each page is for and link the next step, in ${languages.join(' and ')} at 360 and 390 px`, async ({
    page,
    app,
    wallet: _wallet,
  }) => {
    // ~15 s alone; the limit is for a machine loaded by other workers, not a hang.
    test.setTimeout(120_000);
    await app.presetStorage({ [STORAGE.language]: 'zh-tw' });
    await page.setViewportSize(PHONES[0]);
    await app.signIn();

    for (const language of languages) {
      await switchLanguage(page, language);
      for (const list of LISTS) {
        await visitByHash(page, list.path);
        const box = page.getByTestId(list.testId);
        const title = list.strings === null ? say(language, 'income.empty') : say(language, `${list.strings}.title`);
        const text = list.strings === null ? say(language, 'income.emptyText') : say(language, `${list.strings}.text`);
        const action = list.strings === null ? say(language, 'income.emptyAction') : say(language, `${list.strings}.action`);
        await expect(box.getByRole('heading'), `${language} ${list.path}`).toHaveText(title);
        // My cards adds the starter session schedule after what the page is for.
        await expect(box.locator('.empty-state__text'), `${language} ${list.path}`).toContainText(text);
        const link = box.getByRole('link', { name: action });
        await expect(link).toHaveAttribute('href', `#${list.to}`);
        for (const phone of [PHONES[1], PHONES[0]]) {
          await page.setViewportSize(phone);
          await expectFits(page, box);
        }
      }
    }

    // The action is a real link: it lands on the page it names.
    await page.getByTestId('income-empty').getByRole('link').click();
    await expect.poll(() => app.hashPath()).toBe(pagePath('community/invite'));
  });
}

test('My cards names the next starter session from the schedule', async ({ page, app, api, wallet: _wallet }) => {
  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await page.setViewportSize(PHONES[1]);
  const type = await createCardType(api, { ...CORAL, name: `Empty-state card ${Date.now()}` });
  await createSession(api, type.id, { opensInMs: 3 * 3600_000, durationMs: 3600_000, stock: 1 });
  await app.signIn();
  await visitByHash(page, pagePath('cards/order'));
  // Another spec's session may open sooner or be open now; either way the sentence comes from the schedule.
  await expect(page.getByTestId('cards-empty-my-cards').locator('.empty-state__text')).toHaveText(
    new RegExp(`^${say('en-us', 'cards.emptyState.myCards.text')} (A starter session is open now\\.|The next starter session opens .+\\.)$`),
  );
});
