// Flow: a site pastes the script tag with data-* attributes; one floating widget mounts itself.
import { expect, test } from '@playwright/test';
import { captureConsole, errorsOf, sitePage } from './support/embed';
import { platform } from './support/platform';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('the script tag mounts one floating widget from its data attributes', async ({ page, request }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-data-attributes.html');

  const hosts = page.locator('[data-agent-webchat]');
  await expect(hosts).toHaveCount(1);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await expect(launcher).toHaveCount(1);
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog')).toBeHidden();
  // The handle of the auto-mounted widget is published.
  expect(await page.evaluate(() => !!window.AgentWebchat && 'widget' in window.AgentWebchat && !!window.AgentWebchat.widget)).toBe(true);

  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  // A command given before DOMContentLoaded waited for the widget instead of failing.
  expect(await page.evaluate(() => (window as unknown as { opened: number }).opened)).toBe(1);
  const panel = page.getByRole('dialog', { name: 'Help desk' }); // data-title
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-author="agent"]').first()).toContainText('demo agent');
  await expect(panel.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');

  // data-streaming="false" reached the session request.
  const { sessions } = await platform(request).record();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]?.streaming).toBe(false);
  await expect(hosts).toHaveCount(1);
  expect(errorsOf(console)).toEqual([]);
});

test('data-open="true" starts with the panel open and greets without a click', async ({ page }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-data-open.html');

  await expect(page.locator('[data-agent-webchat]')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
  expect(errorsOf(console)).toEqual([]);
});
