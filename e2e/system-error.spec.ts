// Flow: the platform reports an error (high load) as a system message: the visitor sees it as a
// visible notice, the conversation carries on.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('"high load" shows a visible system notice and the chat carries on', async ({ page }) => {
  await openWidget(page);
  await say(page, 'simulate high load');
  const notice = page.getByRole('log').locator('[data-author="system"][data-level="error"]');
  await expect(notice).toHaveText('Our system is experiencing high load. Please try again in a moment.');
  await expect(notice).toBeVisible();
  // The user's message itself did go out.
  await expect(page.locator('[data-author="user"]')).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');

  await say(page, 'still there?');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('You said: "still there?"');
});
