// Flow: a visitor has the site open in two tabs (two pages of one browser context share Web Locks
// and BroadcastChannel). Both tabs show one conversation over one socket; closing the tab that
// holds the socket hands the conversation to the other.
import { expect, type Page, test } from '@playwright/test';
import { recordChannel } from './support/channel';
import { sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';
import { CONNECTOR, loadWidget, openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

const texts = (page: Page, author: string) =>
  page.locator(`[role="log"] [data-author="${author}"] [data-part="body"]`).evaluateAll((els) => els.map((el) => el.textContent ?? ''));

async function openSecondTab(first: Page): Promise<Page> {
  const second = await first.context().newPage();
  await loadWidget(second);
  await second.getByRole('button', { name: 'Open chat' }).click();
  return second;
}

const channelMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __channelMessages?: string[] }).__channelMessages ?? []);

test('two tabs converse as one, over one socket', async ({ page, request }) => {
  const control = platform(request);
  await recordChannel(page);
  await openWidget(page);
  const second = await openSecondTab(page);
  // The newcomer mirrors the greeting the first tab got.
  await expect(second.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();

  await say(page, 'from the first tab');
  await expect(second.locator('[data-author="user"]').nth(0)).toHaveAttribute('data-status', 'sent');
  await say(second, 'from the second tab');
  await expect(page.locator('[data-author="user"]').nth(1)).toHaveAttribute('data-status', 'sent');

  for (const tab of [page, second]) {
    await expect(tab.locator('[data-author="agent"]').nth(2)).toContainText('You said: "from the second tab"');
    const users = tab.locator('[data-author="user"]');
    await expect(users).toHaveCount(2);
    await expect(users.nth(0)).toHaveAttribute('data-status', 'sent');
    await expect(users.nth(1)).toHaveAttribute('data-status', 'sent');
    expect(await texts(tab, 'user')).toEqual([expect.stringMatching(/from the first tab$/), expect.stringMatching(/from the second tab$/)]);
    const agents = await texts(tab, 'agent');
    expect(agents.filter((t) => t.includes('You said'))).toHaveLength(2);
  }

  // The wire: one token, one session, one socket, each message once.
  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.connections).toHaveLength(1);
  expect(record.http.filter((h) => h.path.endsWith('/access-token'))).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  const sent = record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent.map((e) => (e.payload as { text: string }).text)).toEqual(['from the first tab', 'from the second tab']);
  const { count } = (await control.post('openSocketCount', { sessionId: record.sessions[0]!.sessionId })) as { count: number };
  expect(count).toBe(1);

  // What crossed between the tabs: the conversation, never a token.
  const crossed = [...(await channelMessages(page)), ...(await channelMessages(second))].join('\n');
  expect(crossed).toContain('from the second tab');
  expect(crossed).not.toContain(CONNECTOR);
  expect(crossed).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  expect(crossed).not.toContain('access_token');
});

test('closing the leading tab hands the conversation over; without continuity the next send starts a new session', async ({
  page,
  request,
}) => {
  const control = platform(request);
  await openWidget(page);
  const second = await openSecondTab(page);
  await say(second, 'before the handover');
  await expect(second.locator('[data-author="user"]').nth(0)).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="user"]').nth(0)).toHaveAttribute('data-status', 'sent');

  // The second tab waits for the lock; the browser grants it when the first tab goes.
  const waiting = () => second.evaluate(async () => (await navigator.locks.query()).pending?.length ?? -1);
  expect(await waiting()).toBe(1);
  await page.close();
  await expect.poll(waiting, { timeout: 2000 }).toBe(0);
  await say(second, 'after the handover');
  const after = second.locator('[data-author="user"]', { hasText: 'after the handover' });
  await expect(after).toHaveAttribute('data-status', 'sent', { timeout: 5000 });
  await expect(second.locator('[data-author="system"]', { hasText: /new conversation/i })).toBeVisible();
  await expect(second.locator('[data-author="agent"]').last()).toContainText('You said: "after the handover"');
  await expect(after).toHaveCount(1);

  const record = await control.record();
  expect(record.sessions).toHaveLength(2);
  const sent = record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent.map((e) => (e.payload as { text: string }).text)).toEqual(['before the handover', 'after the handover']);
  // The second session runs in the second tab alone.
  const { count } = (await control.post('openSocketCount', { sessionId: record.sessions[1]!.sessionId })) as { count: number };
  expect(count).toBe(1);
});

/**
 * A page of the site with the floating widget on the site's continuity endpoint (tokenUrl), open,
 * and every host `message` event it emits kept on the window from the start.
 */
async function openContinuityTab(page: Page): Promise<void> {
  await sitePage(page, 'embed-page.html');
  await page.evaluate((messagingUrl) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    const messages: unknown[] = [];
    Object.defineProperty(window, '__messages', { value: messages });
    api.init({ messagingUrl, tokenUrl: '/api/webchat-token' }).on('message', (event) => void messages.push(event));
  }, PLATFORM_URL);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
}

const announced = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __messages: { author: string; text: string }[] }).__messages ?? []).map((m) => `${m.author}: ${m.text}`),
  );

test('with continuity, closing the leading tab hands over in the same session, resumed from the cursor', async ({ page, request }) => {
  const control = platform(request);
  await openContinuityTab(page);
  await say(page, 'before the handover');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('You said: "before the handover"');
  const second = await page.context().newPage();
  await openContinuityTab(second);
  await expect(second.locator('[data-author="user"]', { hasText: 'before the handover' })).toHaveAttribute('data-status', 'sent');

  await page.close();
  await expect.poll(() => second.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0), { timeout: 2000 }).toBe(1);
  await say(second, 'after the handover');
  await expect(second.locator('[data-author="agent"]').last()).toContainText('You said: "after the handover"');
  await expect(second.locator('[data-author="agent"][data-streaming]')).toHaveCount(0);
  await expect(second.locator('[data-author="system"]', { hasText: /new conversation/i })).toHaveCount(0);
  await expect(second.locator('[data-author="user"]')).toHaveCount(2);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  const sent = record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent.map((e) => (e.payload as { text: string }).text)).toEqual(['before the handover', 'after the handover']);
  // The second tab's own socket resumed from the cursor it mirrored, not from the start.
  const last = record.connections.at(-1)!;
  expect(last.sessionId).toBe(record.sessions[0]!.sessionId);
  expect(last.cursor).toMatch(/^seq:[1-9]\d*$/);
  const { count } = (await control.post('openSocketCount', { sessionId: last.sessionId })) as { count: number };
  expect(count).toBe(1);

  // Host events: the conversation the second tab found (its snapshot) is history, not news; what
  // happened after, each once.
  const events = await announced(second);
  expect(events).toEqual(['user: after the handover', expect.stringMatching(/^agent: You said: "after the handover"/)]);
});

test('widgets with tabs: "separate" keep their own conversations', async ({ page, request }) => {
  await openWidget(page, { tabs: 'separate' });
  const second = await page.context().newPage();
  await loadWidget(second, { tabs: 'separate' });
  await second.getByRole('button', { name: 'Open chat' }).click();
  await second.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
  await say(page, 'only here');
  await expect(page.locator('[data-author="user"]').nth(0)).toHaveAttribute('data-status', 'sent');
  await expect(second.getByRole('log')).not.toContainText('only here');
  expect((await platform(request).record()).sessions).toHaveLength(2);
});

test('a panel open before a reload opens again; one closed stays closed', async ({ page }) => {
  await openWidget(page);
  await page.reload();
  await loadWidget(page);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('button', { name: 'Close chat' }).click();
  await page.reload();
  await loadWidget(page);
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'false');
  // Nothing but "1"/"0" under a hashed key ("a panel is open in this tab" gone with the close): no
  // text, no id, no token — and, if the greeting of the new session came after the panel closed, its unread count.
  const stored = await page.evaluate(() => ({ ...sessionStorage }));
  const { 'agent-webchat:unread': anyUnread, ...panels } = stored;
  expect(Object.keys(panels)).not.toContain('agent-webchat:panel-open');
  const [panel, ...unread] = Object.keys(panels).sort();
  expect(panel).toMatch(/^agent-webchat:panel:[0-9a-f]{32}$/);
  expect(panels[panel!]).toBe('0');
  expect(unread).toEqual(anyUnread ? [`${panel}:unread`] : []);
  if (anyUnread) expect(panels[`${panel}:unread`]).toMatch(/^[1-9]\d*$/);
});

test('two widgets with the same options on one page show one conversation', async ({ page, request }) => {
  await page.goto('/widget.html');
  await page.evaluate(() => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    for (const id of ['box-a', 'box-b']) {
      const box = document.createElement('div');
      box.id = id;
      document.body.append(box);
      api.init({ messagingUrl: location.origin, connectorToken: 'demo-connector-token', container: box });
    }
  });
  const a = page.locator('#box-a [data-agent-webchat]');
  const b = page.locator('#box-b [data-agent-webchat]');
  await a.getByRole('textbox', { name: 'Message' }).fill('said in A');
  await a.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(b.locator('[data-author="user"]', { hasText: 'said in A' })).toHaveAttribute('data-status', 'sent');
  await expect(a.locator('[data-author="user"]', { hasText: 'said in A' })).toHaveCount(1);
  const record = await platform(request).record();
  expect(record.sessions).toHaveLength(1);
  expect(record.connections).toHaveLength(1);
});
