/**
 * Accessibility measured by a tool (issue 10, "Contrast AA for every text"; decision 049): axe-core runs the WCAG 2
 * A and AA rules — colour contrast among them — on every page of the route table, signed in, at 360 px, in
 * Traditional Chinese and English. Any violation fails the run with the page, the rule and the elements.
 */
import AxeBuilder from '@axe-core/playwright';
import { generatePrivateKey } from 'viem/accounts';
import { STORAGE } from '../fixtures/app';
import { arrangeCommunityPages } from '../fixtures/community';
import { arrangeShopPages } from '../fixtures/shop';
import { arrangeMiningPages } from '../fixtures/mining';
import { everyPage, visitByHash } from '../fixtures/pages';
import { arrangePledgePages } from '../fixtures/pledge';
import { expect, test } from '../fixtures/test';

const LANGUAGES = ['zh-tw', 'en-us'] as const;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.use({ viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } });

// A test per language, so the two walks share the two workers instead of one running both (issue 24, CI time).
for (const language of LANGUAGES) {
  test(`every page passes axe’s WCAG 2 AA rules, colour contrast included, in ${language}`, async ({ page, wallet, api, app }) => {
    // Every route, with axe on each: ~3 min alone, over 5 on a machine loaded by other suites; the limit is not a hang.
    test.setTimeout(600_000);
    // Animations off: contrast is measured on the resting colours, not mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    const user = await api.signInViaApi(wallet.privateKey);
    await api.fund(user.uid, 'usdt', '1234.5');
    await api.fund(user.uid, 'coin', '98765.4321');
    const other = await api.signInViaApi(generatePrivateKey());
    // The mining pages that read an id see a product and a miner of the user's.
    const miningPages = await arrangeMiningPages(api, user.token, '100');
    // Pledge: a product to show on pledge/details and a position on pledge/myList.
    const pledgePages = await arrangePledgePages(api, user.token);
    // Community: the user leads a team of two generations who bought; the team pages that are not spec pages.
    const teamPages = await arrangeCommunityPages(api, user);
    // Points shop: goods with a long title and a large price, an address, an unpaid order; its pages are not spec pages.
    const shopPages = await arrangeShopPages(api, user.token);

    await app.presetStorage({ [STORAGE.language]: language });
    await app.signIn();

    // The checker itself: planted grey-on-grey text must be reported.
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.id = 'contrast-probe';
      probe.textContent = 'faint';
      probe.style.cssText = 'color:#777;background:#888;font-size:14px';
      document.querySelector('main')!.append(probe);
    });
    const planted = await new AxeBuilder({ page }).include('#contrast-probe').withRules(['color-contrast']).analyze();
    expect(planted.violations.map((v) => v.id)).toEqual(['color-contrast']);
    await page.evaluate(() => document.getElementById('contrast-probe')?.remove());

    const problems: string[] = [];
    let pages = 0;
    let unsure = 0;
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));

    for (const { path } of [...everyPage(other.uid, { ...miningPages, ...pledgePages }), ...teamPages, ...shopPages]) {
      await visitByHash(page, path);
      const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
      pages += 1;
      // Text over a gradient or an image: axe cannot tell its background and leaves it to a person (not a failure).
      unsure += result.incomplete.filter((rule) => rule.id === 'color-contrast').reduce((sum, rule) => sum + rule.nodes.length, 0);
      for (const violation of result.violations) {
        for (const node of violation.nodes) {
          problems.push(`${language} ${path}: ${violation.id} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
        }
      }
    }

    test.info().annotations.push({ type: 'axe', description: `${pages} pages checked; ${unsure} texts whose contrast axe could not measure` });
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
