// Flow: the script ends up on a page twice; a site runs two widgets side by side.
import { expect, test } from '@playwright/test';
import { captureConsole, DEMO_OPTIONS, errorsOf, initWidget, inlineWidget, say, sitePage } from './support/embed';
import { platform, type WireRecord } from './support/platform';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** The session that received the user message with this text. */
function sessionOf(record: WireRecord, text: string): string[] {
  return record.clientEvents
    .filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE' && (e.payload as { text?: unknown }).text === text)
    .map((e) => e.sessionId);
}

test('the script included twice mounts one widget', async ({ page, request }) => {
  const console = captureConsole(page);
  await sitePage(page, 'embed-twice.html'); // resolves after load: both deferred copies have run

  await expect(page.locator('[data-agent-webchat]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  expect((await platform(request).record()).sessions).toHaveLength(1);
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(1);
  expect(errorsOf(console)).toEqual([]);
});

test('two init calls with tabs: "separate" make two independent widgets, each with its own session', async ({ page, request }) => {
  const control = platform(request);
  const console = captureConsole(page);
  await sitePage(page, 'embed-page.html');
  await initWidget(page, 'a', { ...DEMO_OPTIONS, title: 'Chat A', tabs: 'separate' }, 'chat-a');
  await initWidget(page, 'b', { ...DEMO_OPTIONS, title: 'Chat B', tabs: 'separate' }, 'chat-b');
  const a = inlineWidget(page, 'chat-a');
  const b = inlineWidget(page, 'chat-b');
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(2);
  await expect(a.locator('[data-author="agent"]').first()).toBeVisible();
  await expect(b.locator('[data-author="agent"]').first()).toBeVisible();

  // AgentWebchat.widget is the most recent one.
  expect(
    await page.evaluate(() => {
      const api = window.AgentWebchat;
      const w = window as unknown as { handles: Record<string, unknown> };
      return !!api && 'widget' in api && api.widget === w.handles['b'];
    }),
  ).toBe(true);

  const record = await control.record();
  const sessions = record.sessions.map((s) => s.sessionId);
  expect(new Set(sessions).size).toBe(2);

  await say(a, 'alpha one');
  await expect(a.locator('[data-author="agent"]').last()).toContainText('alpha one');
  await say(b, 'bravo two');
  await expect(b.locator('[data-author="agent"]').last()).toContainText('bravo two');

  // Nothing crossed over, on screen or on the wire.
  await expect(b.getByRole('log')).not.toContainText('alpha one');
  await expect(a.getByRole('log')).not.toContainText('bravo two');
  const after = await control.record();
  const [sessionA] = sessionOf(after, 'alpha one');
  const [sessionB] = sessionOf(after, 'bravo two');
  expect(sessionOf(after, 'alpha one')).toHaveLength(1);
  expect(sessionOf(after, 'bravo two')).toHaveLength(1);
  expect(sessionA).not.toBe(sessionB);
  expect(sessions).toContain(sessionA);
  expect(sessions).toContain(sessionB);

  // A command goes to AgentWebchat.widget (B), not to A.
  await page.evaluate(() => (window.AgentWebchat as unknown as (...args: unknown[]) => unknown)('send', 'charlie three'));
  await expect(b.locator('[data-author="agent"]').last()).toContainText('charlie three');
  await expect(a.getByRole('log')).not.toContainText('charlie three');
  expect(sessionOf(await control.record(), 'charlie three')).toEqual([sessionB]);

  // Destroying one leaves the other working.
  await page.evaluate(() => (window as unknown as { handles: Record<string, { destroy(): void }> }).handles['b']?.destroy());
  await expect(b).toHaveCount(0);
  await say(a, 'alpha again');
  await expect(a.locator('[data-author="agent"]').last()).toContainText('alpha again');
  expect(errorsOf(console)).toEqual([]);
});
