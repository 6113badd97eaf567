// Flow: the visitor ends the chat from the header, confirms, and the session ends (USER_END).
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { collectEvents, hostEvents, openWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('End chat asks for confirmation, then ends the session', async ({ page, request }) => {
  await openWidget(page);
  await collectEvents(page, 'session-end');
  const end = page.getByRole('button', { name: 'End chat' });

  // Cancel keeps the chat going.
  await end.click();
  await expect(end).toHaveAttribute('aria-expanded', 'true');
  const confirm = page.getByRole('group', { name: 'End chat' });
  await expect(confirm).toContainText('End this chat?');
  await expect(confirm.getByRole('button', { name: 'End', exact: true })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(end).toBeFocused();
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');

  // Escape also cancels, without closing the panel.
  await end.click();
  await expect(confirm.getByRole('button', { name: 'End', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(end).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();

  // Confirmed from the keyboard: focus follows to what comes next.
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'End', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'ended');
  await expect(page.getByText('You ended the chat.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeFocused();
  await expect.poll(() => hostEvents(page, 'session-end')).toEqual([{ reason: 'REASON_USER_END' }]);

  const ends = (await platform(request).record()).clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_END_SESSION');
  expect(ends).toHaveLength(1);
});
