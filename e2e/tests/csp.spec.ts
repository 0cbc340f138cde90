/**
 * Issue 9 §3: tokens sit in localStorage, so the Content-Security-Policy is the wall (decision 036). Script
 * injected into the real app page — an inline <script> element, an inline event handler in injected markup —
 * does not run, and the browser reports each attempt as a CSP violation. The app itself still renders and
 * never trips the policy on its own.
 */
import { PAGES } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test('an injected inline script and an inline handler do not run; the browser reports both', async ({ page, app }) => {
  const ownViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) ownViolations.push(message.text());
  });
  await app.goto(PAGES.home);
  await expect(page.getByTestId('tab-home')).toBeVisible();
  // The app's own scripts, styles, chart and requests passed the policy.
  expect(ownViolations).toEqual([]);

  const reported = await page.evaluate(async () => {
    const seen: { directive: string; sample: string }[] = [];
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, sample: event.sample }));
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScript = localStorage.length';
    document.body.appendChild(script);
    document.body.insertAdjacentHTML('beforeend', '<img src="/index/no-such-image.png" onerror="window.__injectedHandler = true">');
    const deadline = Date.now() + 5000;
    while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const w = window as unknown as Record<string, unknown>;
    return { seen, ran: [w.__injectedScript, w.__injectedHandler] };
  });

  expect(reported.ran).toEqual([undefined, undefined]);
  expect(reported.seen.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
});
