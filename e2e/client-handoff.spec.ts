// Flow: the agent decides the conversation belongs elsewhere (client-managed handoff): the host
// page gets a `handoff` event with stage `client-required`, and the visitor sees a notice.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { collectEvents, hostEvents, openWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('the host page is told to take over (client-required)', async ({ page }) => {
  await openWidget(page);
  await collectEvents(page, 'handoff');
  await say(page, 'I need a client handoff please');

  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('That is a question for our billing team.');
  await expect(page.getByRole('log').locator('[data-notice="client-handoff"]')).toHaveText(
    'This conversation continues on another channel.',
  );
  await expect
    .poll(() => hostEvents(page, 'handoff'))
    .toContainEqual(expect.objectContaining({ stage: 'client-required', reason: 'AGENT_DECISION', queueName: 'billing' }));
  const events = await hostEvents(page, 'handoff');
  expect(events.filter((e) => e['stage'] === 'client-required')).toHaveLength(1);
  // No token leaks into the event.
  expect(JSON.stringify(events)).not.toMatch(/eyJ|demo-connector-token/);
});
