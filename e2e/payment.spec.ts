// Flow: the payment flow on the demo page. The visitor asks to pay; the agent's reply carries a
// checkout link with `event_id=<id>`; the payment provider posts the result to the External
// Events webhook with that id; the widget shows the agent telling the status, without a reload.
// The demo page runs as `npm start` serves it: the site on one origin, the platform on another.

import { expect, test } from '@playwright/test';
import { useDemoWorld } from './support/demo-world';

const world = useDemoWorld();

test('asking to pay gives a checkout link; the webhook result appears in the chat', async ({ page, request }) => {
  await page.goto(`${world.site.url}/`);
  await page.getByRole('button', { name: 'Open chat' }).first().click();
  // The script-tag bubble; the page also shows the other embedding modes.
  const chat = page.getByRole('dialog', { name: 'Demo agent' });
  const agent = chat.locator('[data-author="agent"]');
  await expect(agent.first()).toBeVisible();

  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('I would like to pay for my order');
  await composer.press('Enter');
  const offer = agent.filter({ hasText: 'You can pay securely here' }).last();
  await expect(offer).toBeVisible();
  const checkout = offer.getByRole('link', { name: 'Pay now' });
  const href = await checkout.getAttribute('href');
  const eventId = new URL(href ?? '').searchParams.get('event_id') ?? '';
  expect(eventId).toMatch(/^pay_[0-9a-f]+$/);
  await expect(offer).toContainText(`event_id=${eventId}`);

  // The payment provider's server calls the webhook; the key never reaches the page.
  const query = new URLSearchParams({
    event_id_location: 'payload',
    event_id_path: 'data.reference',
    account_id: 'demo-account',
    project_id: 'demo-project',
  });
  const answer = await request.post(`${world.platform.url}/v1/external-events/webhook?${query.toString()}`, {
    headers: { 'X-Api-Key': 'demo-events-key', 'Content-Type': 'application/json' },
    data: { data: { reference: eventId }, status: 'paid' },
  });
  expect(answer.status()).toBe(201);

  await expect(agent.filter({ hasText: 'Payment update: the payment status is "paid".' })).toBeVisible({ timeout: 5000 });
  const record = world.platform.model.conversations.ordered().find((conversation) => conversation.state['payment_status'] === 'paid');
  expect(record?.channel).toBe('WEBCHAT');
});
