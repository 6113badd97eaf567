// Flow: on a phone (390×844) the open panel fills the screen and the input's font is at least
// 16 px (no zoom-on-focus); the visitor can converse and close it again.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('full-screen panel with a 16 px input on a phone', async ({ page }) => {
  await openWidget(page);
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.y).toBe(0);
  expect(box.width).toBe(390);
  expect(box.height).toBe(844);

  const composer = page.getByRole('textbox', { name: 'Message' });
  const fontSize = await composer.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
  // The composer and the close button are on screen, inside the panel.
  for (const el of [composer, page.getByRole('button', { name: 'Send', exact: true }), page.getByRole('button', { name: 'Close chat' })]) {
    const b = (await el.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
  }
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await composer.tap();
  await say(page, 'from my phone');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "from my phone"');

  await page.getByRole('button', { name: 'Close chat' }).tap();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
});
