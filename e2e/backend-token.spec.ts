// Flow: the site keeps its secrets on its backend (agent-webchat/server): the widget gets access
// tokens from the site's token endpoint, or talks Chat REST through the site's proxy.
import { expect, type Page, test } from '@playwright/test';
import { captureConsole, errorsOf, initWidget, inlineWidget, say, sitePage } from './support/embed';
import { platform } from './support/platform';
import { CONNECTOR_TOKEN, PLATFORM_URL, SITE_URL } from './support/site';

const API_KEY = 'demo-api-key';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Every request and WebSocket the page makes, with headers and body. */
function watchTraffic(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r) => {
    void r.allHeaders().then((headers) => seen.push({ url: r.url(), headers, body: r.postData() ?? '' }));
  });
  page.on('websocket', (ws) => seen.push({ url: ws.url(), headers: {}, body: '' }));
  return seen;
}

/** Where a secret could leak on the page side: markup, shadow roots, storage, every request. */
async function expectSecretAbsent(page: Page, seen: Seen[], secret: string): Promise<void> {
  expect(await page.content()).not.toContain(secret);
  const inside = await page.evaluate(() => {
    const shadows = [...document.querySelectorAll('[data-agent-webchat]')].map((h) => h.shadowRoot?.innerHTML ?? '');
    return [...shadows, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie].join('\n');
  });
  expect(inside).not.toContain(secret);
  for (const r of seen) {
    expect(r.url, r.url).not.toContain(secret);
    expect(JSON.stringify(r.headers), r.url).not.toContain(secret);
    expect(r.body, r.url).not.toContain(secret);
  }
}

test('tokenUrl: the site backend mints the access token; the connector token never reaches the page', async ({ page, request }) => {
  const console = captureConsole(page);
  const seen = watchTraffic(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'w', { messagingUrl: PLATFORM_URL, tokenUrl: '/api/webchat-token', title: 'Backend token' }, 'chat-a');
  const widget = inlineWidget(page, 'chat-a');
  await expect(widget.locator('[data-author="agent"]').first()).toContainText('demo agent');
  await say(widget, 'token mode works');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('token mode works');

  // The page asked its own site for the token and the session (the site's endpoint runs with
  // continuity: it creates the session too), never the platform API; only the socket.
  const urls = seen.map((r) => r.url);
  expect(urls).toContain(`${SITE_URL}/api/webchat-token`);
  expect(urls.filter((url) => url.startsWith(`${PLATFORM_URL}/api/`))).toEqual([]);
  expect(urls.some((url) => url.startsWith(`${PLATFORM_URL.replace(/^http/, 'ws')}/ws?`))).toBe(true);
  // The platform did issue a token and a session — to the backend, once.
  const { http, sessions } = await platform(request).record();
  expect(http.filter((h) => h.path === '/api/v1/access-token' && h.status === 200)).toHaveLength(1);
  expect(http.filter((h) => h.path === '/api/v1/sessions' && h.status < 300)).toHaveLength(1);
  expect(sessions).toHaveLength(1);

  await expectSecretAbsent(page, seen, CONNECTOR_TOKEN);
  expect(errorsOf(console)).toEqual([]);
});

test('chatUrl proxy: REST-only widget through the site backend; API keys never reach the page', async ({ page, request }) => {
  const console = captureConsole(page);
  const seen = watchTraffic(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'w', { transport: 'rest', chatUrl: '/api/chat', title: 'REST via proxy' }, 'chat-a');

  const widget = inlineWidget(page, 'chat-a');
  await say(widget, 'rest mode works');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('rest mode works');
  await expect(widget.locator('[data-connection]')).not.toHaveAttribute('data-connection', 'error');

  // Every Chat call went to the site's proxy; the platform saw them from the backend.
  const urls = seen.map((r) => r.url);
  expect(urls.some((url) => url.startsWith(`${SITE_URL}/api/chat/`))).toBe(true);
  expect(urls.some((url) => url.startsWith(PLATFORM_URL))).toBe(false);
  const http = (await platform(request).record()).http;
  expect(http.some((h) => h.path === '/v1/demo-account/demo-project/chat/create' && h.status === 200)).toBe(true);
  expect(http.some((h) => h.path === '/v1/demo-account/demo-project/chat/respond' && h.status === 200)).toBe(true);

  await expectSecretAbsent(page, seen, API_KEY);
  await expectSecretAbsent(page, seen, CONNECTOR_TOKEN);
  expect(errorsOf(console)).toEqual([]);
});
