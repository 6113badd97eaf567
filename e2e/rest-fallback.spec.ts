// Flow: WebSockets are blocked (every upgrade refused); with `chatUrl` set the conversation goes on
// over Chat REST through the site's proxy — converse, handoff, end. With both down: a clear error
// and "Try again".
import { expect, type Page, test } from '@playwright/test';
import { captureConsole, errorsOf, initWidget, inlineWidget, say, sitePage } from './support/embed';
import { platform } from './support/platform';
import { CONNECTOR_TOKEN, PLATFORM_URL } from './support/site';

const AUTO = { messagingUrl: PLATFORM_URL, connectorToken: CONNECTOR_TOKEN, chatUrl: '/api/chat', title: 'Help' };

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
  await platform(request).post('refuseUpgrades', { count: 'all' });
});

async function handoffEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { handoffs?: unknown[] }).handoffs ?? []);
}

test('real-time blocked: the visitor converses over Chat REST, sees a handoff and an end', async ({ page, request }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'w', AUTO, 'chat-a');
  await page.evaluate(() => {
    const w = window as unknown as { handoffs: unknown[]; AgentWebchat?: { widget?: { on(t: string, f: (e: unknown) => void): void } } };
    w.handoffs = [];
    w.AgentWebchat?.widget?.on('handoff', (e) => w.handoffs.push(e));
  });
  const widget = inlineWidget(page, 'chat-a');

  // Typed before the fallback: it waits as `sending`, then goes over REST exactly once.
  const composer = widget.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello while blocked');
  await composer.press('Enter');
  await expect(widget.locator('[data-author="user"]', { hasText: 'hello while blocked' })).toHaveAttribute('data-status', 'sent', {
    timeout: 15_000,
  });
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('hello while blocked');
  await expect(widget.locator('[data-author="system"]', { hasText: 'basic connection' })).toBeVisible();

  const record = await platform(request).record();
  expect(record.connections.every((c) => c.outcome !== 'open')).toBe(true);
  const responds = record.http.filter((h) => h.path.endsWith('/chat/respond'));
  expect(responds).toHaveLength(1);

  // Handoff: a notice in the widget and the host event.
  await say(widget, 'I want a human');
  await expect(widget.locator('[data-author="system"]', { hasText: 'another channel' })).toBeVisible();
  await expect.poll(() => handoffEvents(page)).toContainEqual(expect.objectContaining({ stage: 'client-required' }));

  // The demo's REST handoff also ends the conversation: input closes, a new one can start.
  await expect(widget.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await widget.getByRole('button', { name: 'Start new conversation' }).click();
  await expect(widget.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await say(widget, 'bye');
  await expect(widget.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  await expect(widget.locator('[data-connection]')).toHaveAttribute('data-connection', 'ended');
  // Chromium itself logs each refused upgrade ("WebSocket connection to … failed"); the widget logs nothing.
  expect(errorsOf(console).filter((e) => !e.text.startsWith('WebSocket connection to'))).toEqual([]);
});

test('real-time and REST both down: a clear error and "Try again" that recovers', async ({ page, request }) => {
  await platform(request).post('httpFaults', { status: 503, count: 1000, paths: ['/v1/'] });
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'w', AUTO, 'chat-a');
  const widget = inlineWidget(page, 'chat-a');

  const connection = widget.locator('[data-connection]');
  await expect(connection).toHaveAttribute('data-connection', 'error', { timeout: 25_000 });
  await expect(connection).toContainText(/trouble|reach/i);
  const tryAgain = widget.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();

  await platform(request).reset(); // REST comes back (upgrades stay refused: reset clears every fault)
  await platform(request).post('refuseUpgrades', { count: 'all' });
  await tryAgain.click();
  await expect(connection).toHaveAttribute('data-connection', 'online');
  await say(widget, 'back again');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('back again');
});
