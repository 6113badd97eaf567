// Flow: a visitor mid-conversation reloads the page, then goes to another page of the site. The
// site's token endpoint runs with `continuity` (visitor cookie → the same token + session), so
// the widget resumes the same session from its cursor: the same transcript, nothing twice, no
// second join — also when the reload cuts a streamed reply short. No token is ever readable by
// the page's scripts: not in any storage, not in `document.cookie`, not on a BroadcastChannel.
//
// These tests need the site server's continuity endpoint (demo/site-server.ts) and the messaging
// transport's resume of a tokenUrl `session_id` from the store's `lastSequence`; they are marked
// `test.fixme` until both have landed. CONTINUITY_TOKEN_URL is where the site serves that endpoint.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { initWidget, inlineWidget, say, sitePage } from './support/embed';
import { platform, type WireRecord } from './support/platform';
import { CONNECTOR_TOKEN, PLATFORM_URL } from './support/site';

const CONTINUITY_TOKEN_URL = '/api/webchat-token';
const OPTIONS = { messagingUrl: PLATFORM_URL, tokenUrl: CONTINUITY_TOKEN_URL };

test.beforeEach(async ({ request, page }) => {
  await platform(request).reset();
  // Every BroadcastChannel message the page posts, as JSON text, kept on the window.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__channelMessages', { value: seen });
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (message: unknown) {
      seen.push(JSON.stringify(message));
      return post.call(this, message);
    };
  });
});

/** Loads a page of the site and mounts the widget inline, as the site's own script would. */
async function visit(page: Page, path: string): Promise<Locator> {
  await sitePage(page, path);
  await initWidget(page, 'w', OPTIONS, 'chat-a');
  return inlineWidget(page, 'chat-a');
}

const userTexts = (record: WireRecord) =>
  record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE').map((e) => (e.payload as { text: string }).text);

/** The transcript as (author, text) pairs, once the widget shows the resumed session. */
const transcript = (widget: Locator) =>
  widget
    .locator('[role="log"] [data-author]')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-author')}: ${el.textContent}`));

/** Nothing token-like where page scripts can read it. */
async function expectNoTokenReadable(page: Page): Promise<void> {
  const readable = await page.evaluate(async () => {
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    const channel = (window as unknown as { __channelMessages?: string[] }).__channelMessages ?? [];
    return {
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
      databases: JSON.stringify(databases),
      channel: channel.join('\n'),
    };
  });
  for (const [where, text] of Object.entries(readable)) {
    expect(text, where).not.toContain(CONNECTOR_TOKEN);
    expect(text, where).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // a JWT, the platform's access tokens
    expect(text, where).not.toContain('access_token');
    expect(text, where).not.toContain('agent_webchat='); // the visitor cookie is HttpOnly
  }
}

test.fixme('a reload and a second page resume the same session: same transcript, nothing twice, no second join', async ({
  page,
  request,
}) => {
  const control = platform(request);
  let widget = await visit(page, 'embed-page.html');
  await expect(widget.locator('[data-author="agent"]').first()).toContainText('demo agent');
  await say(widget, 'before the reload');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "before the reload"');
  const before = await transcript(widget);
  await expectNoTokenReadable(page);

  await page.reload();
  widget = await visit(page, 'embed-page.html');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "before the reload"');
  expect(await transcript(widget)).toEqual(before);
  await say(widget, 'after the reload');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "after the reload"');
  const afterReload = await transcript(widget);
  await expectNoTokenReadable(page);

  widget = await visit(page, 'embed-page.html?page=2');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "after the reload"');
  expect(await transcript(widget)).toEqual(afterReload);
  await say(widget, 'on the second page');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "on the second page"');
  await expectNoTokenReadable(page);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  expect(userTexts(record)).toEqual(['before the reload', 'after the reload', 'on the second page']);
  // Every socket after the first resumed from a cursor past the start.
  expect(record.connections.slice(1).every((c) => c.cursor !== null && c.cursor !== 'seq:0')).toBe(true);
  // The transcript: each message once, in the server's order.
  const users = await widget.locator('[data-author="user"]').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  expect(users.map((text) => text.replace(/^You:/, ''))).toEqual(userTexts(record));
  const replies = await widget.locator('[data-author="agent"]').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  expect(replies.filter((text) => text.includes('You said'))).toHaveLength(3);
});

test.fixme('a reload during a streamed reply shows the whole reply once, in the same session', async ({ page, request }) => {
  const control = platform(request);
  let widget = await visit(page, 'embed-page.html');
  await expect(widget.locator('[data-author="agent"]').first()).toContainText('demo agent');
  const composer = widget.getByRole('textbox', { name: 'Message' });
  await composer.fill('long');
  await composer.press('Enter');
  // Reload while the reply still streams.
  await widget.locator('[data-author="agent"][data-streaming]').first().waitFor();
  await page.reload();
  widget = await visit(page, 'embed-page.html');

  const agents = widget.locator('[data-author="agent"]');
  await expect(agents).toHaveCount(2, { timeout: 15_000 });
  await expect(widget.locator('[data-author="agent"][data-streaming]')).toHaveCount(0, { timeout: 15_000 });
  await expect(widget.locator('[data-author="user"]')).toHaveCount(1);
  await expect(widget.locator('[data-author="user"]')).toHaveAttribute('data-status', 'sent');
  await expectNoTokenReadable(page);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  expect(userTexts(record)).toEqual(['long']);
});

test.fixme('two tabs with continuity share the session; the tab left over resumes it when the other closes', async ({ page, request }) => {
  const control = platform(request);
  const widget = await visit(page, 'embed-page.html');
  await say(widget, 'first tab');
  const second = await page.context().newPage();
  const other = await visit(second, 'embed-page.html?page=2');
  await expect(other.locator('[data-author="user"]', { hasText: 'first tab' })).toHaveCount(1);
  await page.close();
  await say(other, 'after the first tab closed');
  await expect(other.locator('[data-author="agent"]').last()).toContainText('You said: "after the first tab closed"');
  await expect(other.locator('[data-author="user"]', { hasText: 'first tab' })).toHaveCount(1);
  await expectNoTokenReadable(second);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  expect(userTexts(record)).toEqual(['first tab', 'after the first tab closed']);
});
