// Flow: the socket drops and the server refuses to take it back for a while: a "reconnecting"
// banner shows, a message typed meanwhile waits as `sending`; once the server lets it back the
// widget is online again, resumes from its cursor and the conversation continues, nothing twice.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test.afterEach(async ({ request }) => {
  await platform(request).post('refuseUpgrades', { count: 0 });
});

test('reconnecting banner, then back online with no duplicates', async ({ page, request }) => {
  const control = platform(request);
  await openWidget(page);
  await say(page, 'before the drop');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "before the drop"');
  const sessionId = await control.lastSessionId();

  await control.post('refuseUpgrades', { count: 'all' });
  await control.post('dropSockets', { sessionId });
  const connection = page.getByRole('status').and(page.locator('[data-connection]'));
  await expect(connection).toHaveAttribute('data-connection', 'reconnecting');
  await expect(connection).toHaveText('Reconnecting…');
  await expect(connection).toBeVisible();

  // The composer stays usable; the message waits.
  await say(page, 'sent while offline');
  const waiting = page.locator('[data-author="user"]').nth(1);
  await expect(waiting).toHaveAttribute('data-status', 'sending');
  // Still refused: at least one attempt failed while we watched.
  await expect
    .poll(async () => (await control.record()).connections.filter((c) => c.outcome === 'refused').length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(connection).toHaveAttribute('data-connection', 'reconnecting');

  await control.post('refuseUpgrades', { count: 0 });
  await expect(connection).toHaveAttribute('data-connection', 'online', { timeout: 20_000 });
  await expect(waiting).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').nth(2)).toContainText('You said: "sent while offline"');

  // The conversation continues.
  await say(page, 'after the drop');
  await expect(page.locator('[data-author="agent"]').nth(3)).toContainText('You said: "after the drop"');

  // Nothing twice: 4 agent messages (greeting + 3 replies), 3 user messages, each text once.
  const texts = await page.locator('[role="log"] [data-author="user"], [role="log"] [data-author="agent"]').allTextContents();
  expect(texts).toHaveLength(7);
  expect(new Set(texts).size).toBe(7);

  // The wire: same session, resumed with a cursor; the waiting message reached the server once.
  const record = await control.record();
  expect(record.sessions).toHaveLength(1);
  const resumed = record.connections.filter((c) => c.outcome === 'open').at(-1)!;
  expect(resumed.sessionId).toBe(sessionId);
  expect(resumed.cursor).toMatch(/^seq:[1-9]\d*$/);
  const sent = record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE').map((e) => (e.payload as { text: string }).text);
  expect(sent).toEqual(['before the drop', 'sent while offline', 'after the drop']);
  expect(record.joins).toHaveLength(1);
});
