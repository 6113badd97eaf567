// Flow: page code calls the widget through the pre-load stub before the script has loaded.
import { expect, test } from '@playwright/test';
import { captureConsole, errorsOf, sitePage } from './support/embed';
import { platform } from './support/platform';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

interface Heard {
  type: string;
  author?: string;
  text?: string;
}

test('calls queued before load are replayed in order', async ({ page }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-queue.html');

  // 'init' made the widget, 'open' opened it (no click anywhere).
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Queued chat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'true');

  // 'on' ran before 'open' (it heard the open), and the message listener hears the greeting.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard.some((h) => h.type === 'message')))
    .toBe(true);
  const heard = await page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
  expect(heard[0]).toEqual({ type: 'open' });
  const greeting = heard.find((h) => h.type === 'message');
  expect(greeting?.author).toBe('agent');
  expect(greeting?.text).toContain('demo agent');

  // The queue is done with: the global is the real API now, its widget the queued one.
  expect(
    await page.evaluate(() => typeof window.AgentWebchat === 'function' && 'init' in window.AgentWebchat && !!window.AgentWebchat.widget),
  ).toBe(true);
  expect(errorsOf(console)).toEqual([]);
});

test('commands after load act on AgentWebchat.widget', async ({ page }) => {
  await sitePage(page, 'embed-queue.html');
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();

  await page.evaluate(() => {
    const api = window.AgentWebchat as unknown as (...args: unknown[]) => unknown;
    api('send', 'queued hello');
  });
  await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('queued hello');
  await page.evaluate(() => (window.AgentWebchat as unknown as (...args: unknown[]) => unknown)('close'));
  await expect(page.getByRole('dialog')).toBeHidden();
});
