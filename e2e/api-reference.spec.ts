import { expect, test } from '@playwright/test';

test('the API reference at /docs/ renders the OpenAPI document without leaving the server', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
  });
  await page.goto('/docs/');
  await expect(page.getByRole('heading', { name: 'Reference platform (agent-webchat)' }).first()).toBeVisible({ timeout: 20_000 });
  // Scalar 1.46 (the last release whose engines allow Node 20): a navigation of group buttons.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for Reference platform (agent-webchat)' });
  const group = (name: string) => sidebar.getByRole('button', { name: new RegExp(`^${name} (Open|Close) Group$`) });
  for (const api of ['Messaging', 'Chat', 'Conversations', 'Concurrent Calls', 'Outbound Calling', 'External Events', 'Agents', 'Alerts']) {
    await expect(group(api)).toBeVisible();
  }
  // An operation of each host: Chat REST on the runtime host, alert rules on the build host.
  await sidebar.getByRole('button', { name: 'Chat Open Group' }).click();
  await expect(sidebar.getByRole('button', { name: /Start a Chat conversation/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Alerts Open Group' }).click();
  await expect(sidebar.getByRole('button', { name: /Create an alert rule/ })).toBeVisible();
  expect(elsewhere).toEqual([]);
});

test('an unknown route answers 404 JSON that points to /docs/', async ({ request }) => {
  const response = await request.post('/chat/create', { data: {} });
  expect(response.status()).toBe(404);
  expect((await response.json()).message).toContain('/docs/');
});
