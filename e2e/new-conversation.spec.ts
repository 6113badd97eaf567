// Flow: the conversation ends ("bye"): input is disabled with the reason shown; "Start new
// conversation" brings a fresh session, a fresh greeting and a usable composer.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('session end, then a new conversation', async ({ page, request }) => {
  await openWidget(page);
  const firstSession = await platform(request).lastSessionId();
  await say(page, 'goodbye');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('Goodbye! Thanks for trying the demo.');

  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'ended');
  await expect(page.getByText('The chat has ended.')).toBeVisible();
  await expect(composer).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'End chat' })).toHaveCount(0);
  // Suggestions of the old session are not offered any more.
  await expect(page.getByRole('button', { name: 'Talk to a human' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Start new conversation' }).click();
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');
  await expect(composer).toBeEnabled();
  await expect(composer).toBeFocused();
  const agent = page.locator('[data-author="agent"]');
  await expect(agent).toHaveCount(1);
  await expect(agent).toContainText("Hi, I'm Ada, the demo agent.");
  await expect(page.locator('[data-author="user"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toHaveCount(0);

  await say(page, 'hello again');
  await expect(agent.nth(1)).toContainText('You said: "hello again"');

  const record = await platform(request).record();
  expect(record.sessions).toHaveLength(2);
  expect(record.sessions[1]!.sessionId).not.toBe(firstSession);
  expect(new Set(record.joins.map((j) => j.sessionId)).size).toBe(2);
  // A fresh access token for the new session.
  const tokens = record.http.filter((h) => h.path === '/api/v1/access-token' && h.status === 200);
  expect(tokens).toHaveLength(2);
});
