// Flow: while the panel is closed, agent messages raise an unread badge on the launcher; opening
// the panel clears it.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('the unread badge counts replies that arrive while closed', async ({ page }) => {
  await openWidget(page);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  const badge = launcher.locator('[data-unread]');
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(badge).toHaveCount(0);

  // The host page sends while the panel is closed; the replies count as unread.
  await page.evaluate(() => (window.AgentWebchat as { widget: { send(t: string): void } }).widget.send('ping one'));
  await expect(badge).toHaveText('1');
  await expect(badge).toBeVisible();
  await page.evaluate(() => (window.AgentWebchat as { widget: { send(t: string): void } }).widget.send('ping two'));
  await expect(badge).toHaveText('2');

  await launcher.click();
  await expect(badge).toHaveCount(0);
  await expect(page.locator('[data-author="agent"]')).toHaveCount(3);

  // Read while open: nothing unread after closing again.
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(badge).toHaveCount(0);
});
