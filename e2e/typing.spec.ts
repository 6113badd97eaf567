// Flow: while the agent thinks, a status says so (role=status, data-typing="agent"); the reply
// clears it.
import { expect, test } from '@playwright/test';
import { seen, watch } from './support/observe';
import { platform } from './support/platform';
import { loadWidget, say } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('the agent typing indicator shows while the agent thinks', async ({ page, request }) => {
  await loadWidget(page);
  await watch(page, { typing: { selector: '[data-typing]', what: 'data-typing' } });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);
  // Before the greeting the agent was thinking (briefly, with the e2e pacing).
  expect(await seen(page, 'typing')).toEqual(['', 'agent', '']);

  // Held long enough to look at: a THINKING event as the server sends it, no reply yet — once the
  // greeting has streamed to its end, or its last chunk would clear the indicator again.
  await expect(page.locator('[data-author="agent"][data-streaming]')).toHaveCount(0);
  const sessionId = await platform(request).lastSessionId();
  await platform(request).post('emit', { sessionId, type: 'EVENT_TYPE_SERVICE_AGENT_THINKING', payload: {} });
  const indicator = page.getByRole('status').and(page.locator('[data-typing]'));
  await expect(indicator).toHaveAttribute('data-typing', 'agent');
  await expect(indicator).toHaveText('Agent is typing…');
  await expect(indicator).toBeVisible();

  // The next agent message clears it.
  await say(page, 'are you there?');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('You said: "are you there?"');
  await expect(page.locator('[data-typing]')).toHaveCount(0);
});
