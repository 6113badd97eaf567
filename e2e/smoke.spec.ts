import { expect, test } from '@playwright/test';
import { openWidget } from './support/widget';

test('greets and converses', async ({ page }) => {
  await openWidget(page);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello there');
  await composer.press('Enter');
  await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('hello there');
});
