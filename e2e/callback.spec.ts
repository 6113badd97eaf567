// Flow: "Call me". A visitor in a conversation asks for a phone call; the site's backend
// (createCallbackEndpoint on /api/callback) rings the number through the platform's Outbound
// Calling API with the chat's context; the call's state shows live in the transcript, survives a
// reload, and the answered call is a VOICE-SIP conversation whose state carries the chat.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { inlineWidget, say, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';

const OPTIONS = { messagingUrl: PLATFORM_URL, tokenUrl: '/api/webchat-token', callbackUrl: '/api/callback' };

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** The site's page with the widget inline; every host `callback` event kept on the window. */
async function visit(page: Page): Promise<Locator> {
  await sitePage(page, 'embed-page.html');
  await page.evaluate((options) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    const events: unknown[] = [];
    Object.defineProperty(window, '__callbacks', { value: events });
    const container = document.getElementById('chat-a') ?? undefined;
    api.init({ ...options, container }).on('callback', (event) => void events.push(event));
  }, OPTIONS);
  return inlineWidget(page, 'chat-a');
}

async function requestCall(widget: Locator, number: string): Promise<void> {
  await widget.getByRole('button', { name: 'Call me' }).click();
  await expect(widget.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await widget.getByRole('textbox', { name: 'Phone number' }).fill(number);
  await widget.getByRole('button', { name: 'Request call' }).click();
}

const callState = (widget: Locator) => widget.getByRole('log').locator('[data-callback]');

test('an answered call: requested → calling → connected, and the voice conversation carries the chat', async ({ page, request }) => {
  const widget = await visit(page);
  await say(widget, 'I would rather talk about my order on the phone');
  await requestCall(widget, '2025550100');
  await expect(callState(widget)).toHaveAttribute('data-callback', /requested|calling/);
  await expect(callState(widget)).toHaveAttribute('data-callback', 'calling');
  await expect(callState(widget)).toHaveAttribute('data-callback', 'connected', { timeout: 20_000 });
  await expect(callState(widget)).toContainText('Call connected');
  // The chat stays open.
  await expect(widget.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  const events = await page.evaluate(() => (window as unknown as { __callbacks: unknown[] }).__callbacks);
  expect(events).toContainEqual({ status: 'connected' });
  expect(JSON.stringify(events)).not.toContain('555');

  const answer = await request.get(`${PLATFORM_URL}/v3/demo-account/demo-project/conversations?channel=VOICE-SIP&limit=50`, {
    headers: { 'x-api-key': 'demo-api-key' },
  });
  expect(answer.status()).toBe(200);
  const { conversations } = (await answer.json()) as { conversations: { channel: string; state: Record<string, unknown> }[] };
  const call = conversations.find(
    (conversation) =>
      conversation.state['chat_turns'] !== undefined && String(conversation.state['chat_turns']).includes('my order on the phone'),
  );
  expect(call?.channel).toBe('VOICE-SIP');
  expect(String(call?.state['call_sid'])).toMatch(/^OUT-/);
  expect(call?.state['session_id']).toEqual(expect.any(String));
  expect(call?.state['locale']).toBe('en');
  expect(JSON.stringify(call?.state)).not.toMatch(/access_token|eyJ/);
});

test('a number that does not answer: the failure in plain words, and "Try again" opens the form', async ({ page }) => {
  const widget = await visit(page);
  await say(widget, 'hello');
  await requestCall(widget, '2025550101');
  await expect(callState(widget)).toHaveAttribute('data-callback', 'failed', { timeout: 20_000 });
  await expect(callState(widget)).toContainText('The call did not go through. (call was not answered)');
  await widget.getByRole('button', { name: 'Try again' }).click();
  await expect(widget.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
  await expect(widget.getByRole('textbox', { name: 'Phone number' })).toHaveValue('202 555 0101');
});

test('a reload mid-call keeps the call’s state; a number of another country is refused at the field', async ({ page }) => {
  const widget = await visit(page);
  await say(widget, 'call me please');
  await requestCall(widget, '2025550100');
  await expect(callState(widget)).toHaveAttribute('data-callback', /requested|calling/);
  await page.reload();
  const again = await visit(page);
  await expect(callState(again)).toHaveAttribute('data-callback', /requested|calling/);
  await expect(callState(again)).toHaveAttribute('data-callback', 'connected', { timeout: 20_000 });

  await again.getByRole('button', { name: 'Call me' }).click();
  const number = again.getByRole('textbox', { name: 'Phone number' });
  await number.fill('+4930123456');
  await number.press('Enter');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByRole('alert')).toHaveText('We cannot call numbers in this country.');
  await number.press('Escape');
  await expect(again.getByRole('button', { name: 'Call me' })).toBeFocused();
});

test('keyboard only, and nothing for an audit to object to in the form or the call’s state', async ({ page }) => {
  const widget = await visit(page);
  await say(widget, 'hello');
  const callMe = widget.getByRole('button', { name: 'Call me' });
  await callMe.focus();
  await page.keyboard.press('Enter');
  const number = widget.getByRole('textbox', { name: 'Phone number' });
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('type', 'tel');
  await expect(number).toHaveAttribute('autocomplete', 'tel');
  // Country comes before the number: Shift+Tab reaches it, Tab comes back.
  await page.keyboard.press('Shift+Tab');
  await expect(widget.getByRole('combobox', { name: 'Country' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  const formAudit = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  expect(formAudit.violations.map((violation) => violation.id)).toEqual([]);

  await page.keyboard.press('Control+A');
  await page.keyboard.type('2025550102');
  await page.keyboard.press('Enter');
  await expect(callMe).toBeVisible();
  await expect(widget.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(callState(widget)).toHaveAttribute('data-callback', 'failed', { timeout: 20_000 });
  await expect(callState(widget)).toContainText('line busy');
  const statusAudit = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  expect(statusAudit.violations.map((violation) => violation.id)).toEqual([]);
});

test('another tab of the site shows the call as soon as one tab requests it', async ({ page, context }) => {
  const first = await visit(page);
  await say(first, 'hello from the first tab');
  const other = await context.newPage();
  const second = await visit(other);
  await expect(second.getByRole('log').locator('[data-author="user"]')).toHaveCount(1);
  await expect(callState(second)).toHaveCount(0);
  await requestCall(first, '2025550100');
  await expect(callState(second)).toHaveAttribute('data-callback', /requested|calling/);
  await expect(callState(second)).toHaveAttribute('data-callback', 'connected', { timeout: 20_000 });
  // Nothing of the call is kept in the browser: no call id in any storage.
  const stored = await other.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
  expect(stored).not.toContain('OUT-');
});
