// Flow: a returning visitor finds their earlier conversations. Everything is what the visitor
// really did on the platform: a first visit chats, ends and starts again; the second visit lists
// the first conversation (read from the platform's Conversations API by the site), opens it
// read-only, goes Back to the live chat as it was, and forgets them after a confirmation. A "Call
// me" call that ends comes back into the chat as one block (`data-call`), the demo agent goes on
// from it in the chat, and the call is an entry of the history. The site's backend is the e2e site's own (demo/site-server.ts): createHistoryEndpoint
// at /api/history and createCallbackEndpoint at /api/callback, over the token endpoint's bindings.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { inlineWidget, say, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';

const HISTORY_PATH = '/api/history';
const OPTIONS = { messagingUrl: PLATFORM_URL, tokenUrl: '/api/webchat-token', historyUrl: HISTORY_PATH };
const FIRST_WORDS = '<b>hi</b> where is my parcel?';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** The site's page with the widget inline (or floating, opened); resolves once it asked the site for the visitor's history. */
async function visit(page: Page, options: Record<string, unknown> = OPTIONS, floating = false): Promise<Locator> {
  await sitePage(page, 'embed-page.html');
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === HISTORY_PATH);
  await page.evaluate(
    ({ options, floating }) => {
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      api.init(floating ? options : { ...options, container: document.getElementById('chat-a') ?? undefined });
      if (floating) api.widget?.open();
    },
    { options, floating },
  );
  await listed;
  return floating ? page.locator('[data-agent-webchat]') : inlineWidget(page, 'chat-a');
}

/** A first visit: a real conversation that ends, then a new one (the live one, never listed). */
async function firstVisit(page: Page, floating = false): Promise<Locator> {
  const widget = await visit(page, OPTIONS, floating);
  await expect(widget.getByRole('button', { name: 'Earlier conversations' })).toHaveCount(0);
  await say(widget, FIRST_WORDS);
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('You said');
  await say(widget, 'goodbye');
  await widget.getByRole('button', { name: 'Start new conversation' }).click();
  await expect(widget.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  return widget;
}

const audit = async (page: Page) =>
  (await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze()).violations.map((violation) => violation.id);

test('the second visit lists the first conversation, opens it read-only, goes Back to the live chat, and forgets after a confirmation', async ({
  page,
}) => {
  await firstVisit(page);
  const widget = await visit(page);
  const composer = widget.getByRole('textbox', { name: 'Message' });
  await composer.fill('a draft the history must not touch');
  const earlier = widget.getByRole('button', { name: 'Earlier conversations' });
  await earlier.click();
  await expect(widget.getByRole('heading', { name: 'Earlier conversations' })).toBeFocused();
  await expect(widget.getByRole('log')).toBeHidden();
  const entries = widget.getByRole('list').getByRole('button');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Chat');
  await expect(entries).toContainText(FIRST_WORDS);

  await entries.click();
  const turns = widget.locator('.history-turns');
  // The visitor's markup is shown as they typed it, never as HTML.
  await expect(turns.locator('[data-author="user"]').first()).toContainText(FIRST_WORDS);
  await expect(turns.locator('[data-author="agent"]', { hasText: 'You said' })).toContainText(FIRST_WORDS);
  await expect(turns.locator('b')).toHaveCount(0);
  await expect(widget.getByRole('heading', { level: 3 })).toBeFocused();

  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(entries).toBeFocused();
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(earlier).toBeFocused();
  await expect(widget.getByRole('log')).toBeVisible();
  await expect(composer).toHaveValue('a draft the history must not touch');

  await earlier.click();
  await widget.getByRole('button', { name: 'Forget my conversations' }).click();
  await expect(entries).toHaveCount(1);
  await widget.getByRole('button', { name: 'Forget them' }).click();
  await expect(widget.getByText('Your earlier conversations are forgotten.')).toBeVisible();
  await expect(widget.getByRole('list')).toHaveCount(0);
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(earlier).toHaveCount(0);
  // The site forgot them too: the next visit finds none.
  const again = await visit(page);
  await expect(again.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(again.getByRole('button', { name: 'Earlier conversations' })).toHaveCount(0);
});

test('keyboard only, and nothing for an audit to object to in the list or a conversation', async ({ page }) => {
  const widget = await firstVisit(page);
  const earlier = widget.getByRole('button', { name: 'Earlier conversations' });
  // The conversation that ended is an earlier one at once.
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('heading', { name: 'Earlier conversations' })).toBeFocused();
  expect(await audit(page)).toEqual([]);
  await page.keyboard.press('Tab');
  const entry = widget.getByRole('list').getByRole('button');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.locator('.history-turns [data-author="user"]').first()).toContainText(FIRST_WORDS);
  await expect(widget.getByRole('heading', { level: 3 })).toBeFocused();
  expect(await audit(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'Forget my conversations' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Forget them' })).toBeFocused();
  expect(await audit(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Forget my conversations' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(earlier).toBeFocused();
  await expect(widget.getByRole('log')).toBeVisible();
});

test('Back finds the live chat where the visitor left it: scrolled up, or following the end', async ({ page }) => {
  // The floating panel on a short window: a log that scrolls.
  await page.setViewportSize({ width: 800, height: 520 });
  const widget = await firstVisit(page, true);
  for (const number of [1, 2, 3, 4, 5, 6]) await say(widget, `live message number ${number}`);
  const log = widget.getByRole('log');
  const earlier = widget.getByRole('button', { name: 'Earlier conversations' });
  const back = widget.getByRole('button', { name: 'Back' });
  const scrollTop = () => log.evaluate((element) => element.scrollTop);
  const distanceFromEnd = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
  await expect.poll(distanceFromEnd).toBeLessThan(2);

  await log.evaluate((element) => {
    element.scrollTop = 60;
  });
  await expect.poll(scrollTop).toBe(60);
  await earlier.click();
  await back.click();
  await expect(earlier).toBeFocused();
  await expect.poll(scrollTop).toBe(60);

  await log.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await earlier.click();
  await back.click();
  await expect(earlier).toBeFocused();
  await expect.poll(distanceFromEnd).toBeLessThan(2);
});

test('in Arabic the history speaks Arabic and reads right to left', async ({ page }) => {
  await firstVisit(page);
  const widget = await visit(page, { ...OPTIONS, locale: 'ar' });
  await widget.getByRole('button', { name: 'المحادثات السابقة' }).click();
  const entry = widget.getByRole('list').getByRole('button');
  await expect(entry).toContainText('دردشة');
  expect(await entry.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await expect(widget.getByRole('button', { name: 'انسَ محادثاتي' })).toBeVisible();
});

test('a call that ends shows what was said on the phone in the chat, and is an entry of the history', async ({ page }) => {
  test.setTimeout(60_000);
  const options = { ...OPTIONS, callbackUrl: '/api/callback' };
  const widget = await visit(page, options);
  await say(widget, 'I would rather talk on the phone');
  await widget.getByRole('button', { name: 'Call me' }).click();
  await widget.getByRole('textbox', { name: 'Phone number' }).fill('2025550100');
  await widget.getByRole('button', { name: 'Request call' }).click();
  const call = widget.getByRole('log').locator('[data-call]');
  await expect(call).toHaveCount(1, { timeout: 30_000 });
  const said = call.locator('[data-call-author="agent"] .message-body').first();
  await expect(said).not.toBeEmpty();
  const greeting = (await said.textContent()) ?? '';
  expect(await audit(page)).toEqual([]);
  // The demo agent goes on from the call in the chat: it quotes what the visitor said on the phone.
  const phoneWords = (await call.locator('[data-call-author="user"] .message-body').first().textContent()) ?? '';
  expect(phoneWords).toContain('I would rather talk on the phone');
  const followUp = widget.getByRole('log').locator('[data-author="agent"]', { hasText: 'Thanks for the call' });
  await expect(followUp).toContainText(`Thanks for the call — on the phone you said: “${phoneWords}”`);
  // The chat goes on after the call, below what was said on the phone.
  await say(widget, 'back in the chat');
  const order = await widget
    .getByRole('log')
    .locator('[data-author], [data-call]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-author') ?? 'call'));
  expect(order.slice(order.indexOf('call'))).toEqual(['call', 'agent', 'user', 'agent']);

  const again = await visit(page, options);
  await again.getByRole('button', { name: 'Earlier conversations' }).click();
  const phone = again.getByRole('list').getByRole('button', { name: /Phone call/ });
  await expect(phone).toHaveCount(1);
  // Its preview: the visitor's first words on the phone.
  await expect(phone).toContainText(phoneWords);
  await phone.click();
  await expect(again.locator('.history-turns [data-author="agent"]').first()).toContainText(greeting.slice(0, 40));
});
