// Flow: an Arabic-speaking visitor (locale 'ar'): the widget is right-to-left, speaks Arabic, and
// sits at the reading end (the left).
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('locale "ar": right-to-left with Arabic strings', async ({ page }) => {
  await loadWidget(page, { locale: 'ar' });
  const launcher = page.getByRole('button', { name: 'فتح المحادثة' });
  await expect(launcher).toBeVisible();
  const viewport = page.viewportSize()!;
  // The reading end of an RTL page is its left side.
  expect((await launcher.boundingBox())!.x).toBeLessThan(viewport.width / 2);

  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'محادثة' });
  await expect(panel).toBeVisible();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);
  expect((await panel.boundingBox())!.x).toBeLessThan(viewport.width / 2);

  const root = page.locator('[dir="rtl"][lang="ar"]');
  await expect(root).toHaveCount(1);
  expect(await panel.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await expect(panel.getByRole('button', { name: 'إغلاق المحادثة' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'إنهاء المحادثة' })).toBeVisible();
  await expect(panel.getByRole('log', { name: 'المحادثة' })).toBeVisible();
  const composer = panel.getByRole('textbox', { name: 'رسالة' });
  await expect(composer).toHaveAttribute('placeholder', 'اكتب رسالة…');
  await expect(panel.getByRole('button', { name: 'إرسال', exact: true })).toBeVisible();

  // User messages sit at the inline end: the left in RTL.
  await say(page, 'مرحبا', 'رسالة');
  const mine = page.locator('[data-author="user"]');
  await expect(mine).toHaveAttribute('data-status', 'sent');
  const panelBox = (await panel.boundingBox())!;
  const mineBox = (await mine.boundingBox())!;
  expect(mineBox.x - panelBox.x).toBeLessThan(panelBox.x + panelBox.width - (mineBox.x + mineBox.width));
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('مرحبا');
});
