// Flow: server-managed handoff. "human" → connecting notice, queue position and wait, the live
// agent joins by name, types (data-typing="live-agent"), writes (data-author="live-agent"); "bye"
// → the agent leaves and the session ends.
import { expect, test } from '@playwright/test';
import { seen, watch } from './support/observe';
import { platform } from './support/platform';
import { collectEvents, hostEvents, loadWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('handoff to a live agent, and the agent leaving ends the session', async ({ page, request }) => {
  await loadWidget(page);
  await collectEvents(page, 'handoff', 'session-end');
  await watch(page, {
    queue: { selector: '[data-queue]' },
    typing: { selector: '[data-typing]', what: 'data-typing' },
    typingText: { selector: '[data-typing]' },
  });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);

  await say(page, 'I want to talk to a human');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('Let me connect you with a human colleague');
  const log = page.getByRole('log');
  await expect(log.locator('[data-notice="handoff-started"]')).toHaveText('Connecting you to a person…');
  await expect(log.locator('[data-notice="handoff-accepted"]')).toHaveText('A person will be with you shortly.');
  await expect(log.locator('[data-notice="live-agent-joined"]')).toHaveText('Sam joined the chat');
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel.locator('[data-agent-name]')).toHaveText('Sam');

  const live = page.locator('[data-author="live-agent"]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('Hi, this is Sam from support.');
  await expect(live).toContainText('Sam'); // the author's name is shown with the message

  // The queue was shown while waiting: position 3 → 1, wait 90 s → 30 s; gone once Sam joined.
  const queue = await seen(page, 'queue');
  expect(queue).toContain('Position in queue: 3Wait: about 2 minutes');
  expect(queue).toContain('Position in queue: 2Wait: about 1 minute'); // the plural form by Intl.PluralRules
  expect(queue).toContain('Position in queue: 1Wait: under a minute');
  await expect(panel.locator('[data-queue]')).toHaveCount(0);
  // Sam's typing showed, named, as the live agent's, and cleared.
  await expect.poll(() => seen(page, 'typing')).toContain('live-agent');
  expect(await seen(page, 'typingText')).toContain('Sam is typing…');
  await expect(page.locator('[data-typing]')).toHaveCount(0);

  // The typing indicator, held long enough to look at (a transient event, as the server sends it).
  await platform(request).liveAgentTyping('TYPING_STATE_STARTED');
  const indicator = page.getByRole('status').and(page.locator('[data-typing="live-agent"]'));
  await expect(indicator).toHaveText('Sam is typing…');
  await platform(request).liveAgentTyping('TYPING_STATE_STOPPED');
  await expect(page.locator('[data-typing]')).toHaveCount(0);

  // Messages now reach Sam, who answers.
  await say(page, 'my order is late');
  await expect(live.nth(1)).toContainText('Sam here: thanks, I\'m looking into "my order is late"');
  await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sent');

  await say(page, 'bye');
  await expect(live.nth(2)).toContainText('Glad I could help. Take care!');
  await expect(log.locator('[data-notice="live-agent-left"]')).toHaveText('Sam left the chat');
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'ended');
  await expect(panel.getByText('The chat has ended.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeVisible();

  // The host page followed along.
  const stages = (await hostEvents<{ stage: string }>(page, 'handoff')).map((e) => e.stage);
  expect(stages).toEqual(expect.arrayContaining(['started', 'queued', 'live-agent-joined', 'live-agent-left']));
  expect(stages.indexOf('started')).toBeLessThan(stages.indexOf('live-agent-joined'));
  expect(await hostEvents(page, 'session-end')).toEqual([{ reason: 'REASON_NATURAL_END' }]);
});
