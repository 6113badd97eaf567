// Flow: the script tag's file is a loader. A page pays for the launcher only; the conversation
// (dist/agent-webchat-conversation.js, beside the loader) is fetched when the visitor shows
// intent — points at or focuses the launcher, opens it, or comes back to a tab whose panel was
// open — and only if it is the file the loader was built with. Offline or a failed fetch: the
// launcher says so and the next click tries again. Nothing reaches the messaging host before the
// panel opens.
import { expect, type Page, test } from '@playwright/test';
import { type ConsoleEntry, captureConsole, errorsOf, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';

/** The version query: the start of the file's SHA-256 digest (base64), as the build wrote it into the loader. */
const CONVERSATION = /\/agent-webchat-conversation\.js\?v=[\w+/]{12}$/;

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** Every URL the page requests from now on (WebSocket upgrades included). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

const scripts = (urls: string[]) => urls.filter((url) => new URL(url).pathname.endsWith('.js'));
const toPlatform = (urls: string[]) => urls.filter((url) => url.replace(/^ws/, 'http').startsWith(PLATFORM_URL));
const widgetErrors = (entries: ConsoleEntry[]) =>
  errorsOf(entries).filter((e) => e.type === 'pageerror' || e.text.startsWith('agent-webchat:'));

/** Until the page has loaded and its main thread was idle once: whatever the loader does on its own has happened. */
const settled = async (page: Page) => {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
};

const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat' });
/** The panel the widget builds unseen once the visitor pointed at or focused the launcher. */
const preparedPanel = (page: Page) => page.locator('[data-agent-webchat] .panel[data-prepared]');

test('a blank page loads the loader only; pointing at the launcher fetches the rest; the conversation works', async ({ page }) => {
  const console = captureConsole(page);
  const requests = recordRequests(page);
  await sitePage(page, 'loader.html');
  await expect(launcher(page)).toBeVisible();
  await settled(page);
  expect(scripts(requests).map((url) => new URL(url).pathname)).toEqual(['/agent-webchat.js']);
  expect(toPlatform(requests)).toEqual([]);

  const fetched = page.waitForRequest(CONVERSATION);
  await launcher(page).hover();
  expect((await fetched).url().startsWith(new URL('/agent-webchat-conversation.js', page.url()).href)).toBe(true);
  // The panel is built unseen, ready for the click; still nothing asked of the messaging host.
  await expect(preparedPanel(page)).toHaveCount(1);
  expect(toPlatform(requests)).toEqual([]);

  await launcher(page).click();
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello there');
  await composer.press('Enter');
  await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('hello there');
  expect(scripts(requests).filter((url) => CONVERSATION.test(url))).toHaveLength(1);
  expect(widgetErrors(console)).toEqual([]);
});

test('focus on the launcher fetches the rest, and the focus stays on the launcher as the widget takes it over', async ({ page }) => {
  await sitePage(page, 'loader.html');
  await expect(launcher(page)).toBeVisible();
  const fetched = page.waitForRequest(CONVERSATION);
  await page.keyboard.press('Tab'); // the page has no other control
  await expect(launcher(page)).toBeFocused();
  await fetched;
  await expect(preparedPanel(page)).toHaveCount(1);
  // The same element, now the widget's (it controls the panel): still focused.
  await expect(launcher(page)).toHaveAttribute('aria-controls', /agent-webchat-panel-/);
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
});

test('a conversation file that is not the one the loader was built with is refused: one console error, the launcher says so', async ({
  page,
}) => {
  const console = captureConsole(page);
  await sitePage(page, 'loader-tampered.html');
  await launcher(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chat could not start.' })).toBeVisible();
  const errors = widgetErrors(console);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.text).toMatch(/^agent-webchat: could not start: .*\/tampered\/agent-webchat-conversation\.js\?v=/);
  expect(errors[0]?.text).toContain('integrity');
  expect(await page.evaluate(() => Reflect.get(window, 'tampered'))).toBeUndefined();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The next click tries again, and is refused again: still one error, the launcher still says so.
  const again = page.waitForRequest(/\/tampered\/agent-webchat-conversation\.js/);
  await launcher(page).click();
  await again;
  await expect(page.getByRole('status').filter({ hasText: 'The chat could not start.' })).toBeVisible();
  expect(widgetErrors(console)).toHaveLength(1);
  expect(await page.evaluate(() => Reflect.get(window, 'tampered'))).toBeUndefined();
});

test('offline, the launcher says so; back online, the next click fetches the rest and opens', async ({ page, context }) => {
  const console = captureConsole(page);
  await sitePage(page, 'loader.html');
  await expect(launcher(page)).toBeVisible();
  await context.setOffline(true);
  await launcher(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(widgetErrors(console)).toEqual([]);

  await context.setOffline(false);
  await launcher(page).click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  expect(widgetErrors(console)).toEqual([]);
});

test('a failed fetch while online: the launcher says the chat could not start; the next click fetches again and opens', async ({
  page,
}) => {
  const console = captureConsole(page);
  await page.route(CONVERSATION, (route) => route.abort('failed'));
  await sitePage(page, 'loader.html');
  await launcher(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chat could not start.' })).toBeVisible();
  expect(widgetErrors(console)).toHaveLength(1);

  await page.unroute(CONVERSATION);
  await launcher(page).click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  expect(widgetErrors(console)).toHaveLength(1);
});

test('commands given before the conversation is here run in order once it is', async ({ page }) => {
  const requests = recordRequests(page);
  await sitePage(page, 'loader.html');
  await expect(launcher(page)).toBeVisible();
  await settled(page);
  expect(scripts(requests).filter((url) => CONVERSATION.test(url))).toEqual([]);
  await page.evaluate(() => {
    const api = window.AgentWebchat;
    if (!api || !('widget' in api) || !api.widget) throw new Error('no widget');
    const events: string[] = [];
    Object.defineProperty(window, '__events', { value: events });
    api.widget.on('open', () => void events.push('open'));
    api.widget.on('message', (event) => void events.push(`${event.author}: ${event.text}`));
    api.widget.open();
    api.widget.send('queued before the code');
  });
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('[data-author="user"]').first()).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="user"]').first()).toContainText('queued before the code');
  await expect.poll(() => page.evaluate(() => Reflect.get(window, '__events'))).toContain('user: queued before the code');
  expect((await page.evaluate(() => Reflect.get(window, '__events')))[0]).toBe('open');
});

test('a tab whose panel was open fetches the rest at once after a reload and opens it again', async ({ page }) => {
  await sitePage(page, 'loader.html');
  await launcher(page).click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  await page.mouse.move(0, 0); // no pointer over the launcher after the reload

  const requests = recordRequests(page);
  const fetched = page.waitForRequest(CONVERSATION);
  await page.reload();
  await fetched;
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  expect(scripts(requests).map((url) => new URL(url).pathname)).toEqual(['/agent-webchat.js', '/agent-webchat-conversation.js']);
});

test('data-preload="idle" fetches the rest once the page is idle, and still asks nothing of the messaging host', async ({ page }) => {
  const requests = recordRequests(page);
  const fetched = page.waitForRequest(CONVERSATION);
  await sitePage(page, 'loader-preload.html');
  await fetched;
  // The widget took the launcher over (its live region is there) without any intent.
  await expect(page.locator('[data-agent-webchat] [data-part="announcements"]')).toHaveCount(1);
  await expect(preparedPanel(page)).toHaveCount(0);
  await settled(page);
  expect(toPlatform(requests)).toEqual([]);
  await launcher(page).click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
});
