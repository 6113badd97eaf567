// Flow: tapping a suggestion sends its text as a user message; the suggestions go away once used
// and the agent answers it (here: the "suggest" phrase brings a new set).
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a suggestion click sends its text as a user message', async ({ page, request }) => {
  await openWidget(page);
  await page.getByRole('button', { name: 'Give me a long answer' }).click();

  const user = page.locator('[data-author="user"]');
  await expect(user).toHaveCount(1);
  await expect(user).toContainText('Give me a long answer');
  await expect(user).toHaveAttribute('data-status', 'sent');
  // Used suggestions are gone.
  await expect(page.getByRole('button', { name: 'Talk to a human' })).toHaveCount(0);
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('Here is a longer answer');

  const sent = (await platform(request).record()).clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent.map((e) => (e.payload as { text: string }).text)).toEqual(['Give me a long answer']);
});

test('a reply with new suggestions replaces the old ones', async ({ page }) => {
  await openWidget(page);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('suggest something');
  await composer.press('Enter');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('Here are a few things you could ask next:');
  await expect(page.getByRole('button', { name: 'Stream a reply' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Talk to a human' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('[data-author="user"]').nth(1)).toContainText('Help');
  await expect(page.locator('[data-author="agent"]').nth(2)).toContainText('Try these phrases');
});
