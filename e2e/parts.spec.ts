// Flow: each page downloads only what its options use. The loader fetches, at intent and in
// parallel with the conversation, the file of each optional feature the options want (voice,
// "Call me") — each checked against the integrity hash built into the loader; a page with a
// `chatUrl` fetches the Chat REST transport the same way. A page in another language than English
// fetches its locale's file at load: the launcher is named from it before anyone can reach it,
// and the conversation takes its texts from the same fetch at intent. A page that sets nothing
// fetches none of them, nor the element's code; a feature file that is not the one the loader was
// built with is refused, said once, and the chat works without it.
import { expect, type Page, test } from '@playwright/test';
import { type ConsoleEntry, captureConsole, DEMO_OPTIONS, errorsOf, initWidget, sitePage } from './support/embed';
import { platform } from './support/platform';
import { injectFakeSpeech } from './support/speech';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** The script files the page asked for and received, by name (agent-webchat-<name>.js; the loader is ''), in order: `request:voice`, `finished:voice`… */
function scriptLog(page: Page): string[] {
  const log: string[] = [];
  const nameOf = (url: string) => /\/agent-webchat(?:-([\w-]+))?\.js(\?|$)/.exec(url.replace(/^[^:]+:\/\/[^/]+/, ''));
  page.on('request', (request) => {
    const match = nameOf(request.url());
    if (match) log.push(`request:${match[1] ?? ''}`);
  });
  page.on('requestfinished', (request) => {
    const match = nameOf(request.url());
    if (match) log.push(`finished:${match[1] ?? ''}`);
  });
  return log;
}

/** The files asked for, sorted (the parts and the conversation go out together, in no fixed order). */
const requested = (log: string[]) =>
  log
    .filter((entry) => entry.startsWith('request:'))
    .map((entry) => entry.slice('request:'.length))
    .sort();

/** Every one of the files was asked for before any of them arrived: fetched in parallel, no waterfall. */
function expectParallel(log: string[], files: string[]) {
  const arrived = new Set(files.map((file) => `finished:${file}`));
  const firstArrival = log.findIndex((entry) => arrived.has(entry));
  for (const file of files) expect(log.indexOf(`request:${file}`), file).toBeLessThan(firstArrival);
}

const widgetErrors = (entries: ConsoleEntry[]) =>
  errorsOf(entries).filter((e) => e.type === 'pageerror' || e.text.startsWith('agent-webchat:'));

async function openWith(page: Page, options: Record<string, unknown>) {
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'main', { ...DEMO_OPTIONS, ...options });
  await page.locator('[data-agent-webchat] .launcher').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();
}

test('a page that sets nothing optional fetches the conversation only: no feature, no locale file, no element code', async ({ page }) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'main', DEMO_OPTIONS);
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  // Before intent: the loader alone.
  expect(requested(log)).toEqual(['']);
  await page.locator('[data-agent-webchat] .launcher').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();
  expect(requested(log)).toEqual(['', 'conversation']);
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Call me' })).toHaveCount(0);
  expect(widgetErrors(console)).toEqual([]);
});

test('earlier conversations: a page with historyUrl fetches the history file beside the conversation; one without fetches none of it', async ({
  page,
}) => {
  const without = scriptLog(page);
  const historyRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/history')) historyRequests.push(request.url());
  });
  await openWith(page, {});
  expect(requested(without)).not.toContain('history');
  expect(historyRequests).toEqual([]);

  const other = await page.context().newPage();
  const log = scriptLog(other);
  await openWith(other, { historyUrl: '/api/history' });
  expect(requested(log)).toEqual(['', 'conversation', 'history']);
  expectParallel(log, ['conversation', 'history']);
});

test('a Chat REST page (chatUrl) fetches the REST transport beside the conversation, not after it, and converses over it', async ({
  page,
}) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'main', { chatUrl: '/api/chat', transport: 'rest' });
  await page.locator('[data-agent-webchat] .launcher').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello over rest');
  await composer.press('Enter');
  await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').last()).toBeVisible();
  expect(requested(log)).toEqual(['', 'conversation', 'rest']);
  expectParallel(log, ['conversation', 'rest']);
  expect(widgetErrors(console)).toEqual([]);
});

test('a page whose Chat REST file does not come converses in real time without the fallback, said once', async ({ page }) => {
  const console = captureConsole(page);
  await page.route(/\/agent-webchat-rest\.js/, (route) => route.abort());
  await openWith(page, { chatUrl: '/api/chat' });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello there');
  await composer.press('Enter');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('hello there');
  const errors = widgetErrors(console);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.text).toMatch(/^agent-webchat: the fallback to Chat REST is left out: .*\/agent-webchat-rest\.js\?v=/);
});

test('a voice page fetches the voice file beside the conversation, not after it, and dictates', async ({ page }) => {
  await injectFakeSpeech(page);
  const console = captureConsole(page);
  const log = scriptLog(page);
  await openWith(page, { voice: true });
  expect(requested(log)).toEqual(['', 'conversation', 'voice']);
  expectParallel(log, ['conversation', 'voice']);
  const dictate = page.getByRole('button', { name: 'Dictate' });
  await dictate.click();
  await expect(dictate).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Listen' }).first()).toBeVisible();
  expect(widgetErrors(console)).toEqual([]);
});

test('a "Call me" page fetches the callback file and offers the call', async ({ page }) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await openWith(page, { callbackUrl: '/api/callback' });
  expect(requested(log)).toEqual(['', 'callback', 'conversation']);
  expectParallel(log, ['conversation', 'callback']);
  await page.getByRole('button', { name: 'Call me' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  expect(widgetErrors(console)).toEqual([]);
});

test('an upload page (uploadUrl) fetches the upload file beside the conversation and offers "Attach a file"', async ({ page }) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await openWith(page, { uploadUrl: '/api/upload' });
  expect(requested(log)).toEqual(['', 'conversation', 'upload']);
  expectParallel(log, ['conversation', 'upload']);
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeVisible();
  expect(widgetErrors(console)).toEqual([]);
});

test('a page without uploadUrl fetches no upload file and offers no "Attach a file"', async ({ page }) => {
  const log = scriptLog(page);
  await openWith(page, { callbackUrl: '/api/callback', voice: true });
  expect(requested(log)).not.toContain('upload');
  await expect(page.getByRole('button', { name: 'Call me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);
});

test("a German page's launcher is named in German before intent, from the German file fetched at load; the chat speaks German", async ({
  page,
}) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'main', { ...DEMO_OPTIONS, locale: 'de' });
  // Never reachable under an English name: hidden from assistive technology until its words are here.
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
  const launcher = page.getByRole('button', { name: 'Chat öffnen' });
  await expect(launcher).toBeVisible();
  await expect(launcher).not.toHaveAttribute('tabindex');
  expect(requested(log)).toEqual(['', 'de']);
  await launcher.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Senden' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  // The conversation took its texts from the same fetch: the German file came once.
  expect(requested(log)).toEqual(['', 'conversation', 'de']);
  expect(widgetErrors(console)).toEqual([]);
});

test('an element created by script after the page loaded works: the loader defines it, the element code comes when it connects', async ({
  page,
}) => {
  const console = captureConsole(page);
  const log = scriptLog(page);
  await sitePage(page, 'embed-page.html');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(requested(log)).toEqual(['']);
  // As a framework does, later: created, given its options as properties, appended.
  await page.evaluate(
    ({ messagingUrl, connectorToken }) => {
      const element = document.createElement('agent-webchat');
      Object.assign(element, { messagingUrl, connectorToken, chatTitle: 'Late element' });
      document.querySelector('main')?.append(element);
    },
    { messagingUrl: DEMO_OPTIONS.messagingUrl, connectorToken: DEMO_OPTIONS.connectorToken },
  );
  await page.locator('agent-webchat').getByRole('button', { name: 'Open chat' }).click();
  const panel = page.locator('agent-webchat').getByRole('dialog', { name: 'Late element' });
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-author="agent"]').first()).toBeVisible();
  expect(requested(log)).toEqual(['', 'conversation', 'element']);
  expect(widgetErrors(console)).toEqual([]);
});

test('a tampered feature file is refused, said once, and the chat works without it', async ({ page }) => {
  await injectFakeSpeech(page);
  const console = captureConsole(page);
  await sitePage(page, 'loader-tampered-feature.html');
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello there');
  await composer.press('Enter');
  await expect(page.locator('[data-author="agent"]').last()).toContainText('hello there');
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
  expect(await page.evaluate(() => Reflect.get(window, 'tampered'))).toBeUndefined();
  const errors = widgetErrors(console);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.text).toMatch(/^agent-webchat: the "voice" feature is left out: .*\/tampered-feature\/agent-webchat-voice\.js\?v=/);
});
