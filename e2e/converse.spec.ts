// Flow: the visitor types messages; each shows as a user message that turns `sent` when the echo
// arrives, the agent answers each once, Shift+Enter breaks the line, and the host page hears both.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { collectEvents, hostEvents, openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a conversation: messages go out once and answers come back in order', async ({ page, request }) => {
  await openWidget(page);
  await collectEvents(page, 'message');
  const composer = page.getByRole('textbox', { name: 'Message' });

  await say(page, 'first question');
  await expect(composer).toHaveValue('');
  const users = page.locator('[data-author="user"]');
  await expect(users.nth(0)).toHaveAttribute('data-status', 'sent');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "first question"');

  // Shift+Enter breaks the line; the Send button sends.
  await composer.fill('second');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('line');
  await expect(composer).toHaveValue('second\nline');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(users.nth(1)).toHaveAttribute('data-status', 'sent');
  await expect(users.nth(1)).toContainText('second\nline');
  await expect(page.locator('[data-author="agent"]').nth(2)).toContainText('You said: "second\nline"');

  // Transcript order: greeting, user, agent, user, agent — each exactly once.
  const authors = await page.locator('[role="log"] [data-author]').evaluateAll((els) => els.map((el) => el.getAttribute('data-author')));
  expect(authors).toEqual(['agent', 'user', 'agent', 'user', 'agent']);

  // The wire: each message sent once with its own client_event_id.
  const sent = (await platform(request).record()).clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
  expect(sent.map((e) => (e.payload as { text: string }).text)).toEqual(['first question', 'second\nline']);
  const ids = sent.map((e) => e.custom?.['client_event_id']);
  expect(new Set(ids).size).toBe(2);

  // The host page hears the user's messages and the agent's replies.
  await expect
    .poll(async () => (await hostEvents<{ author: string; text: string }>(page, 'message')).map((m) => m.author))
    .toEqual(['user', 'agent', 'user', 'agent']);
});

test('frames that arrive twice or swapped still show each message once, in order', async ({ page, request }) => {
  await openWidget(page);
  await platform(request).post('setOutgoing', { duplicate: true, reorder: true });
  for (const text of ['one', 'two', 'three']) {
    await say(page, text);
    await expect(page.locator('[data-author="agent"]').last()).toContainText(`You said: "${text}"`);
  }
  await expect(page.locator('[data-author="user"][data-status="sent"]')).toHaveCount(3);
  const texts = await page.locator('[role="log"] [data-author="user"], [role="log"] [data-author="agent"]').allTextContents();
  expect(texts).toHaveLength(7);
  expect(texts.filter((t) => t.includes('You said')).map((t) => t.match(/"(\w+)"/)?.[1])).toEqual(['one', 'two', 'three']);
});
