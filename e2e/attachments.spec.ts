// Flow: agent messages with attachments: a URL card whose link opens safely in a new tab, and an
// image that actually renders.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a link attachment is a card with a safe new-tab link', async ({ page, baseURL }) => {
  await openWidget(page);
  await say(page, 'Show me a link');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).toContainText('Here is an article about this demo platform:');
  const card = reply.locator('[data-attachment="url"]');
  await expect(card).toBeVisible();
  await expect(card).toContainText('How the demo platform works');
  const link = card.getByRole('link', { name: 'Read the article' });
  await expect(link).toHaveAttribute('href', `${baseURL}/demo/article.html`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Following it opens a new tab without a handle back to the chat page.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${baseURL}/demo/article.html`);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
});

test('an image attachment is rendered', async ({ page, baseURL }) => {
  await openWidget(page);
  await say(page, 'Send an image');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).toContainText('Here is a picture:');
  const image = reply.getByRole('img', { name: 'A sample picture' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', `${baseURL}/demo/sample.svg`);
  // Loaded and laid out, not a broken icon.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await image.boundingBox();
  expect(box && box.width > 100 && box.height > 50).toBe(true);
});
