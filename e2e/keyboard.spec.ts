// Flow: keyboard only. Tab reaches the launcher, Enter opens, focus lands in the composer,
// typing + Enter sends, Tab moves through the panel, Escape closes and focus returns to the launcher.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('the whole chat works from the keyboard', async ({ page }) => {
  await loadWidget(page);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await page.keyboard.press('Tab');
  await expect(launcher).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeFocused();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);

  await page.keyboard.type('typed with keys');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-author="user"]')).toContainText('typed with keys');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "typed with keys"');
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('');

  // A suggestion is reachable and works from the keyboard: Shift+Tab back from the composer.
  await say(page, 'suggest');
  const help = page.getByRole('button', { name: 'Help' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(help).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-author="user"]').last()).toContainText('Help');
  // The used suggestion is gone; focus is not lost with it but waits in the composer.
  await expect(help).toHaveCount(0);
  await expect(composer).toBeFocused();

  // Escape closes from anywhere in the panel; focus goes back to the launcher.
  await page.keyboard.press('Shift+Tab');
  await expect(composer).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');

  // And opens again with Space.
  await page.keyboard.press('Space');
  await expect(composer).toBeFocused();
});

async function say(page: import('@playwright/test').Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}
