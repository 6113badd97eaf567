// Flow: a site misconfigures the widget — it must say so once, precisely, and not half-mount.
import { expect, test } from '@playwright/test';
import { captureConsole, errorsOf, inlineWidget, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a bad data attribute logs one precise console.error and mounts nothing', async ({ page }) => {
  const console = captureConsole(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await sitePage(page, 'embed-bad-url.html'); // data-messaging-url="http://example.com"

  const errors = errorsOf(console);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.type).toBe('error');
  expect(errors[0]?.text).toMatch(/^agent-webchat: /);
  expect(errors[0]?.text).toContain('messagingUrl');
  expect(errors[0]?.text).toContain('https');
  expect(errors[0]?.text).not.toContain('demo-connector-token');
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(0);
  expect(requested.filter((url) => url.includes('example.com'))).toEqual([]);
  // The API itself is still there for page code.
  expect(await page.evaluate(() => !!window.AgentWebchat && 'init' in window.AgentWebchat)).toBe(true);
});

test('init() from JS throws, naming what is missing or wrong', async ({ page }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-page.html');
  const thrown = (options: Record<string, unknown>) =>
    page.evaluate((options) => {
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      try {
        api.init(options);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }, options);

  const empty = await thrown({});
  expect(empty).toMatch(/^agent-webchat: /);
  expect(empty).toContain('messagingUrl');
  expect(empty).toContain('chatUrl');

  const noToken = await thrown({ messagingUrl: PLATFORM_URL });
  expect(noToken).toContain('connectorToken');
  expect(noToken).toContain('tokenUrl');

  const typo = await thrown({ messagingUrl: PLATFORM_URL, connectorToken: 'demo-connector-token', titel: 'Hi' });
  expect(typo).toContain('titel');

  const wrongType = await thrown({ messagingUrl: PLATFORM_URL, connectorToken: 'demo-connector-token', open: 'yes' });
  expect(wrongType).toContain('"open"');

  await expect(page.locator('[data-agent-webchat]')).toHaveCount(0);
  // JS callers get the exception; nothing is logged on top of it.
  expect(errorsOf(console)).toEqual([]);
});

test('an unknown connector token: one console.error, status error, no retry storm', async ({ page, request }) => {
  const control = platform(request);
  const console = captureConsole(page);
  await page.clock.install(); // time flows; below we jump ahead past every backoff
  await sitePage(page, 'embed-page.html');
  // Listen from the start: the error may come before any later evaluate() runs.
  await page.evaluate((messagingUrl) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const handle = api.init({ messagingUrl, connectorToken: 'no-such-connector-token', container: document.getElementById('chat-a') });
    handle.on('status', (e) => w.statuses.push(e.status));
  }, PLATFORM_URL);
  const widget = inlineWidget(page, 'chat-a');
  await expect(widget.locator('[data-connection]')).toHaveAttribute('data-connection', 'error');
  await expect.poll(() => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses.at(-1))).toBe('error');

  await page.clock.runFor(10 * 60_000);
  await page.evaluate(() => fetch('/embed-page.html').then((r) => r.text())); // a round trip after the timers ran

  const tokenCalls = (await control.record()).http.filter((h) => h.method === 'POST' && h.path === '/api/v1/access-token');
  // A configuration error is final: one attempt, then nothing, however long the page stays.
  expect(tokenCalls).toEqual([{ method: 'POST', path: '/api/v1/access-token', status: 401 }]);
  expect((await control.record()).http.filter((h) => h.path === '/api/v1/sessions')).toEqual([]);
  await expect(widget.locator('[data-connection]')).toHaveAttribute('data-connection', 'error');

  // The browser's own network line for the 401 is not the widget's.
  const errors = errorsOf(console).filter((e) => !e.text.startsWith('Failed to load resource'));
  expect(errors).toHaveLength(1);
  expect(errors[0]?.text).toMatch(/^agent-webchat: /);
  expect(errors[0]?.text).not.toContain('no-such-connector-token');
});
