// Flow: a visitor opens the launcher; the widget connects, joins the agent once and shows its
// greeting with suggestions, the agent's name in the header, and an online connection state.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('opening the launcher greets the visitor', async ({ page, request }) => {
  await loadWidget(page, { title: 'Support' });
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  // Nothing connects before the visitor asks for the chat.
  expect((await platform(request).record()).sessions).toHaveLength(0);

  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('dialog', { name: 'Support' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close chat' })).toBeVisible();

  const greeting = page.locator('[data-author="agent"]');
  await expect(greeting).toHaveCount(1);
  await expect(greeting).toContainText("Hi, I'm Ada, the demo agent.");
  await expect(panel.locator('[data-agent-name]')).toHaveText('Ada (demo agent)');
  for (const text of ['Show me a link', 'Send an image', 'Give me a long answer', 'Talk to a human']) {
    await expect(panel.getByRole('button', { name: text })).toBeVisible();
  }
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(page.getByRole('log')).toBeVisible();

  // The wire: one streaming web session, one join.
  const record = await platform(request).record();
  expect(record.sessions).toHaveLength(1);
  expect(record.sessions[0]).toMatchObject({ platform: 'web', streaming: true });
  expect(record.clientEvents.filter((e) => e.type === 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
});

test('pointing at the launcher shows nothing and asks the server nothing; the click then opens at once', async ({ page, request }) => {
  await loadWidget(page);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await launcher.hover();
  // The panel is built for the click to come, but nobody can see, reach or hear it yet.
  const panel = page.locator('[role=dialog]');
  await expect(panel).toBeAttached();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await launcher.focus();
  await page.keyboard.press('Tab');
  await expect(launcher).not.toBeFocused();
  await expect(panel.locator('textarea')).not.toBeFocused();
  // Only the page and the script were fetched: no token, no session, no socket.
  const record = await platform(request).record();
  expect(record.http.filter((entry) => entry.path.startsWith('/api/'))).toEqual([]);
  expect(record.sessions).toHaveLength(0);
  expect(record.connections).toHaveLength(0);

  await launcher.click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(page.locator('[data-author="agent"]')).toContainText("Hi, I'm Ada, the demo agent.");
});
