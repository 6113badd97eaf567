// Flow: a visitor mid-conversation reloads the page, then goes to another page of the site. The
// site's token endpoint runs with `continuity` (visitor cookie → the same token + session), so
// the widget resumes the same session from its cursor: the same transcript, nothing twice, no
// second join — also when the reload cuts a streamed reply short. No token is ever readable by
// the page's scripts: not in any storage, not in `document.cookie`, not on a BroadcastChannel.
//
// CONTINUITY_TOKEN_URL is where the site server (demo/site-server.ts) serves `createTokenEndpoint`
// with `continuity` (memory store).
import { expect, type Locator, type Page, test } from '@playwright/test';
import { recordChannel } from './support/channel';
import { inlineWidget, say, sitePage } from './support/embed';
import { type JournalEvent, platform, type WireRecord } from './support/platform';
import { CONNECTOR_TOKEN, PLATFORM_URL } from './support/site';

const CONTINUITY_TOKEN_URL = '/api/webchat-token';
const OPTIONS = { messagingUrl: PLATFORM_URL, tokenUrl: CONTINUITY_TOKEN_URL };

test.beforeEach(async ({ request, page }) => {
  await platform(request).reset();
  await recordChannel(page);
});

/**
 * Loads a page of the site and mounts the widget inline, as the site's own script would; every
 * host `message` event the widget emits is kept on the window from the start.
 */
async function visit(page: Page, path: string): Promise<Locator> {
  await sitePage(page, path);
  await page.evaluate((options) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    const messages: string[] = [];
    Object.defineProperty(window, '__messages', { value: messages });
    const container = document.getElementById('chat-a') ?? undefined;
    api.init({ ...options, container }).on('message', (event) => void messages.push(`${event.author}: ${event.text}`));
  }, OPTIONS);
  return inlineWidget(page, 'chat-a');
}

/** The host `message` events of this page load, as "author: text". */
const announced = (page: Page) => page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);

const userTexts = (record: WireRecord) =>
  record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE').map((e) => (e.payload as { text: string }).text);

/** The transcript as (author, text) pairs, once no reply streams any more. */
async function transcript(widget: Locator): Promise<string[]> {
  await expect(widget.locator('[data-author][data-streaming]')).toHaveCount(0);
  return (
    widget
      .locator('[role="log"] [data-author]')
      // innerText: what a person reads (paragraphs of a formatted reply stay apart), spaces folded;
      // without the message's time, which a reload shows again as it was but a test cannot know.
      .evaluateAll((els) =>
        els.map((el) => {
          const time = el.querySelector('time');
          const shown = (el as HTMLElement).innerText.replace(time instanceof HTMLElement ? time.innerText : '', '');
          return `${el.getAttribute('data-author')}: ${shown.replace(/\s+/g, ' ').trim()}`;
        }),
      )
  );
}

/**
 * The conversation as the server's journal has it — user messages and agent replies, in order
 * (streamed replies assembled from their chunks) — as "author: text" lines.
 */
function journalTranscript(journal: JournalEvent[]): string[] {
  const lines: string[] = [];
  const replies = new Map<string, number>();
  for (const { type, payload } of journal) {
    const text = String(payload.text ?? '');
    if (type === 'EVENT_TYPE_USER_MESSAGE') lines.push(`user: ${text}`);
    else if (type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE') lines.push(`agent: ${text}`);
    else if (type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK') {
      const id = String(payload.message_id);
      const at = replies.get(id);
      if (at === undefined) replies.set(id, lines.push(`agent: ${text}`) - 1);
      else lines[at] += text;
    }
  }
  return lines.map((line) => line.replace(/\s+/g, ' ').trim());
}

/** The widget's messages as "author: text" lines, without the author labels it shows. */
const shownMessages = (lines: string[]) =>
  lines.filter((line) => !line.startsWith('system')).map((line) => line.replace(/^(user): You: ?|^(agent): [^:]*\): ?/, '$1$2: '));

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

test('a reload and a second page resume the same session: same transcript, nothing twice, no second join', async ({ page, request }) => {
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
  // The replay that rebuilt the transcript is history: only what was said on this page is announced.
  expect(await announced(page)).toEqual(['user: after the reload', expect.stringMatching(/^agent: You said: "after the reload"/)]);
  await expectNoTokenReadable(page);

  widget = await visit(page, 'embed-page.html?page=2');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said: "after the reload"');
  expect(await transcript(widget)).toEqual(afterReload);
  await say(widget, 'on the second page');
  // The whole reply, not its first streamed chunk: the journal is compared with it below.
  await expect(widget.locator('[data-author="agent"]').last()).toContainText(
    'You said: "on the second page". I\'m a scripted demo agent; say "help" to see what I can do.',
  );
  await expectNoTokenReadable(page);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  expect(userTexts(record)).toEqual(['before the reload', 'after the reload', 'on the second page']);
  // The widget shows the server's journal, each message once, in its order.
  const journal = journalTranscript(await control.journal(record.sessions[0]!.sessionId));
  expect(shownMessages(await transcript(widget))).toEqual(journal);
  // One socket per page, all to the one session; a new page keeps nothing, so each asks for the
  // whole history (seq:0) and the replay rebuilds the transcript.
  expect(record.connections.map((c) => [c.sessionId, c.cursor])).toEqual(
    Array.from({ length: 3 }, () => [record.sessions[0]!.sessionId, 'seq:0']),
  );
  // The transcript: each message once, in the server's order.
  const users = await widget.locator('[data-author="user"] [data-part="body"]').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  expect(users).toEqual(userTexts(record));
  const replies = await widget.locator('[data-author="agent"]').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  expect(replies.filter((text) => text.includes('You said'))).toHaveLength(3);
});

test('a reload during a streamed reply shows the whole reply once, in the same session', async ({ page, request }) => {
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
  const journal = journalTranscript(await control.journal(record.sessions[0]!.sessionId));
  expect(shownMessages(await transcript(widget))).toEqual(journal);
});

test('two tabs with continuity share the session; the tab left over resumes it when the other closes', async ({ page, request }) => {
  const control = platform(request);
  const widget = await visit(page, 'embed-page.html');
  await say(widget, 'first tab');
  const second = await page.context().newPage();
  const other = await visit(second, 'embed-page.html?page=2');
  // Exactly "first tab" (not "after the first tab closed").
  const firstMessage = other.locator('[data-author="user"] [data-part="body"]', { hasText: /^first tab$/ });
  await expect(firstMessage).toHaveCount(1);
  await page.close();
  await say(other, 'after the first tab closed');
  await expect(other.locator('[data-author="agent"]').last()).toContainText('You said: "after the first tab closed"');
  await expect(firstMessage).toHaveCount(1);
  await expectNoTokenReadable(second);

  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  expect(record.joins).toHaveLength(1);
  expect(userTexts(record)).toEqual(['first tab', 'after the first tab closed']);
  const journal = journalTranscript(await control.journal(record.sessions[0]!.sessionId));
  expect(shownMessages(await transcript(other))).toEqual(journal);
});
