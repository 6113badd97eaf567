// Flow: a message whose echo never comes is resent (5 s, 10 s, 15 s) and then marked failed with
// a "Retry" button; Retry delivers it, once. The wire between page and server runs through a
// route that swallows that message until the retry; the page clock skips the waiting.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a message that never gets through fails, and Retry delivers it once', async ({ page, request }) => {
  let swallow = true;
  let swallowed = 0;
  const swallowedIds = new Set<string>();
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (swallow && typeof frame === 'string' && frame.includes('EVENT_TYPE_USER_MESSAGE') && frame.includes('lost in the wire')) {
        swallowed++;
        swallowedIds.add((JSON.parse(frame) as { metadata: { custom: { client_event_id: string } } }).metadata.custom.client_event_id);
        return;
      }
      server.send(frame);
    });
  });
  await page.clock.install();
  await openWidget(page);

  await say(page, 'lost in the wire');
  const message = page.locator('[data-author="user"]');
  await expect(message).toHaveAttribute('data-status', 'sending');
  expect(swallowed).toBe(1);

  // 5 + 10 + 15 + 15 s without an echo: three resends, then failed.
  await page.clock.runFor(46_000);
  await expect(message).toHaveAttribute('data-status', 'failed');
  expect(swallowed).toBe(4);
  await expect(message).toContainText('Not sent');
  const retry = message.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // The connection itself is fine.
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');

  swallow = false;
  await retry.click();
  await expect(message).toHaveAttribute('data-status', 'sent');
  await expect(retry).toHaveCount(0);
  // Focus did not vanish with the button.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "lost in the wire"');
  await expect(page.locator('[data-author="user"]')).toHaveCount(1);
  await expect(page.locator('[data-author="agent"]')).toHaveCount(2);

  const sent = (await platform(request).record()).clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.payload).toEqual({ text: 'lost in the wire' });
  // The same message (one client_event_id throughout), not a copy.
  expect(swallowedIds.size).toBe(1);
  expect(sent[0]!.custom?.['client_event_id']).toBe([...swallowedIds][0]);
});
