// Flow: the teaser on a phone (375 × 667), where it takes much of the screen: it leaves by itself
// after a few seconds, or as soon as the visitor scrolls; and on any screen it never covers a
// control of the page's own (it does not show there).
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget } from './support/widget';

test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

const TEASER = { teaser: 'Questions about delivery?', teaserDelay: 0 };

const tease = (page: Page, text: string) =>
  page.evaluate((text) => (window.AgentWebchat as { widget: { tease(t: string): void } }).widget.tease(text), text);

test('on a phone the teaser leaves when the visitor scrolls', async ({ page }) => {
  await loadWidget(page, TEASER, '/teaser-phone.html');
  const teaser = page.locator('[data-teaser]');
  await expect(teaser).toBeVisible();
  await page.mouse.wheel(0, 400);
  await expect(teaser).toHaveCount(0);
  // The launcher stays.
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
});

test('on a phone the teaser leaves by itself after a few seconds', async ({ page }) => {
  await page.clock.install();
  await loadWidget(page, TEASER, '/teaser-phone.html');
  const teaser = page.locator('[data-teaser]');
  await expect(teaser).toBeVisible();
  await page.clock.fastForward(7000);
  await expect(teaser).toBeVisible();
  await page.clock.fastForward(1500);
  await expect(teaser).toHaveCount(0);
});

/** Notes every teaser put in the widget's shadow root, even one taken out in the same task. */
const watchTeasers = (page: Page) =>
  page.evaluate(() => {
    const shadow = document.querySelector('[data-agent-webchat]')?.shadowRoot;
    if (!shadow) throw new Error('no widget');
    const seen: string[] = [];
    Object.defineProperty(window, '__teasers', { value: seen });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('teaser-root')) seen.push('shown');
    }).observe(shadow, { childList: true });
  });

test("the teaser never covers the page's own controls", async ({ page }) => {
  await loadWidget(page, {}, '/teaser-phone.html?bar');
  await watchTeasers(page);
  await tease(page, 'Questions about delivery?');
  // It was put in and taken out at once: "Basket" and "Checkout" stay in reach.
  await expect.poll(() => page.evaluate(() => (Reflect.get(window, '__teasers') as string[]).length)).toBe(1);
  await expect(page.locator('[data-teaser]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Checkout' }).click({ trial: true });
  // Without the bar, the same page shows it.
  await loadWidget(page, {}, '/teaser-phone.html');
  await tease(page, 'Questions about delivery?');
  await expect(page.locator('[data-teaser]')).toBeVisible();
});
