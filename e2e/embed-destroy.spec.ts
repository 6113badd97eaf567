// Flow: a single-page app removes the widget (route change, logout) — it must leave nothing running.
import { expect, type Page, test } from '@playwright/test';
import { DEMO_OPTIONS, initWidget, inlineWidget, sitePage } from './support/embed';
import { platform } from './support/platform';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

const destroy = (page: Page, name: string) =>
  page.evaluate((name) => (window as unknown as { handles: Record<string, { destroy(): void }> }).handles[name]?.destroy(), name);

test('destroy() removes the widget, closes its socket and stops every timer', async ({ page, request }) => {
  const control = platform(request);
  // Fake timers (time still flows): after destroy we jump minutes ahead, so any heartbeat,
  // reconnect or resend timer left behind would fire and show up on the wire.
  await page.clock.install();
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'w', DEMO_OPTIONS, 'chat-a');
  const widget = inlineWidget(page, 'chat-a');
  await expect(widget.locator('[data-author="agent"]').first()).toBeVisible();
  const sessionId = await control.lastSessionId();
  const openSockets = async () => ((await control.post('openSocketCount', { sessionId })) as { count: number }).count;
  expect(await openSockets()).toBe(1);

  const heard: string[] = [];
  await page.exposeFunction('heardAfterDestroy', (type: string) => heard.push(type));
  await page.evaluate(() => {
    const w = window as unknown as { handles: Record<string, { on(t: string, f: () => void): void }>; heardAfterDestroy(t: string): void };
    for (const type of ['status', 'message', 'error', 'session-end']) w.handles['w']?.on(type, () => w.heardAfterDestroy(type));
  });

  await destroy(page, 'w');
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(0);
  expect(await page.evaluate(() => document.getElementById('chat-a')?.childNodes.length)).toBe(0);
  // The handle is gone from the global too.
  expect(
    await page.evaluate(() => !!window.AgentWebchat && 'widget' in window.AgentWebchat && window.AgentWebchat.widget !== undefined),
  ).toBe(false);

  await expect.poll(openSockets).toBe(0);
  const before = await control.record();
  await page.clock.runFor(5 * 60_000); // 10 heartbeat intervals, every backoff cap
  await page.evaluate(() => fetch('/embed-page.html').then((r) => r.text())); // a round trip after the timers ran
  const after = await control.record();
  expect(after.connections).toEqual(before.connections);
  // No frame at all after destroy: no heartbeat, no typing, no resend.
  expect(after.clientEvents).toEqual(before.clientEvents);
  expect(after.http).toEqual(before.http);
  expect(await openSockets()).toBe(0);
  expect(heard).toEqual([]);

  // Calling it again is harmless.
  await destroy(page, 'w');
});

test('destroy() while the handshake is in flight opens no session or socket', async ({ page, request }) => {
  const control = platform(request);
  await page.clock.install();
  await sitePage(page, 'embed-page.html');
  // Hold the access-token request until the widget is destroyed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let tokenRequested!: () => void;
  const requested = new Promise<void>((resolve) => (tokenRequested = resolve));
  await page.route('**/api/v1/access-token', async (route) => {
    tokenRequested();
    await released;
    await route.continue().catch(() => undefined); // the page may have aborted it
  });

  await initWidget(page, 'w', DEMO_OPTIONS, 'chat-a');
  await requested;
  await destroy(page, 'w');
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(0);
  release();

  await page.clock.runFor(5 * 60_000);
  await page.evaluate(() => fetch('/embed-page.html').then((r) => r.text()));
  const record = await control.record();
  expect(record.http.filter((h) => h.path === '/api/v1/sessions')).toEqual([]);
  expect(record.connections).toEqual([]);
  expect(record.http.filter((h) => h.method === 'POST' && h.path === '/api/v1/access-token').length).toBeLessThanOrEqual(1);
});

test('destroy() of the floating widget removes its launcher and panel', async ({ page }) => {
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'f', DEMO_OPTIONS);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  await destroy(page, 'f');
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
