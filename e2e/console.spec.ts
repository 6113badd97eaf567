// Flow: a developer watches the platform double through its console (/console/) while a visitor
// talks in the widget. The conversation appears and grows without a reload, a phrase finds it,
// its turns show; the concurrency chart has its peak; a slowed agent fires an alert whose webhook
// delivery shows; a deployment's greeting shows; an outbound call shows its status history;
// the variant filter offers what the Agents API deploys; each variant's concurrency peak shows.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { startWebhookReceiver } from '../demo/server/build-host/test-client';
import { buildHost } from './support/build-host';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ request, context }) => {
  await platform(request).reset();
  // The console's pages must not log an error (a refused style or script under its CSP included).
  context.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.includes('/console/')) consoleErrors.push(message.text());
  });
  context.on('weberror', (error) => consoleErrors.push(error.error().message));
});

const consoleErrors: string[] = [];
test.afterEach(() => {
  expect(consoleErrors.splice(0)).toEqual([]);
});

test('a widget conversation appears live, is found by a phrase, shows its turns and the concurrency peak', async ({ page, context }) => {
  test.setTimeout(45_000);
  // Only what starts from now on: earlier specs left conversations on the same server, the last
  // of them within the second before this test (the platform and the test share one clock).
  const since = new Date().toISOString();
  const console = await context.newPage();
  await console.goto(`/console/#/conversations?range=custom&from=${encodeURIComponent(since)}&channel=WEBCHAT`);
  await expect(console.getByText('No conversation matches.')).toBeVisible();
  await expectAxeClean(console);

  await openWidget(page);
  await say(page, 'Do you sell violet harbour lanterns?');
  const rows = console.getByRole('region', { name: 'Conversations' }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and our conversation, without a reload
  await expect(rows.nth(1)).toContainText('Do you sell violet harbour lanterns?');
  const sessionId = (await rows.nth(1).getByRole('link').textContent()) ?? '';
  expect(sessionId).not.toBe('');

  // Search by a phrase: the Conversations API's transcript search.
  const search = console.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('harbour lanterns');
  await search.press('Enter');
  await expect(console).toHaveURL(/q=harbour\+lanterns/);
  await expect(console.getByRole('link', { name: sessionId, exact: true })).toBeVisible();
  await search.fill('no such phrase anywhere');
  await search.press('Enter');
  await expect(console.getByText('No conversation matches.')).toBeVisible();
  // By meaning: a word the visitor did not type in that form ("lantern" for "lanterns").
  await console.getByRole('combobox', { name: 'Search by' }).selectOption('semantic');
  await search.fill('lantern');
  await search.press('Enter');
  await expect(console).toHaveURL(/mode=semantic/);
  await expect(console.getByRole('link', { name: sessionId, exact: true })).toBeVisible();

  // Keyboard: the conversation's link takes a visible focus and opens with Enter.
  const link = console.getByRole('link', { name: sessionId, exact: true });
  await link.focus();
  expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  await console.keyboard.press('Enter');
  await expect(console.getByRole('heading', { level: 1 })).toContainText(sessionId);
  const turns = console.locator('.turns > li');
  await expect(turns).toHaveCount(2); // the greeting, then the visitor's question
  await expect(turns.nth(1)).toContainText('Do you sell violet harbour lanterns?');
  await expect(turns.nth(1)).toContainText(/Latency \d+ ms/);
  await expect(console.getByText('in progress', { exact: true })).toBeVisible();
  await expectAxeClean(console);

  // The open conversation grows as the visitor goes on.
  await say(page, 'And do they come in green?');
  await expect(turns).toHaveCount(3);
  await expect(turns.nth(2)).toContainText('And do they come in green?');

  // The concurrency chart of the last hour has this conversation in its peak.
  await console.getByRole('link', { name: 'Concurrency' }).click();
  const figure = console.getByRole('figure', { name: 'Concurrent conversations' });
  await expect(figure).toBeVisible();
  await expect(figure.locator('canvas').first()).toBeVisible();
  await expect(figure).toContainText(/peak [1-9]\d* in the 5 minutes from/);
  await console.getByText(/The figures as a table/).click();
  await expect(console.getByRole('table', { name: /Peak concurrent conversations/ }).getByRole('row')).not.toHaveCount(1);
  await expectAxeClean(console);
});

test('newest first, live ones marked, and a filter for conversations with visitor turns', async ({ page, browser }) => {
  test.setTimeout(45_000);
  const since = new Date().toISOString();
  // An older conversation in which the visitor spoke, then a newer one that holds only a greeting
  // (another browser: a conversation of its own).
  await openWidget(page);
  await say(page, 'Where is my parcel of amber teacups?');
  await expect(page.locator('[data-author="agent"]').nth(1)).toBeVisible();
  const other = await browser.newContext();
  const greeted = await other.newPage();
  await openWidget(greeted);

  const console = await page.context().newPage();
  await console.goto(`/console/#/conversations?range=custom&from=${encodeURIComponent(since)}&channel=WEBCHAT`);
  const rows = console.getByRole('region', { name: 'Conversations' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  // The newest first: the greeting-only conversation, marked live, then the visitor's.
  await expect(rows.nth(1)).toContainText('greeting only');
  await expect(rows.nth(1).getByText('live now', { exact: true })).toBeVisible();
  await expect(rows.nth(2).getByText('live now', { exact: true })).toBeVisible();
  await expect(rows.nth(2)).toContainText('Where is my parcel of amber teacups?');
  await expect(console.getByText(/^2 conversations, 2 live now, newest first; page 1 of 1\.$/)).toBeVisible();

  await console.getByRole('combobox', { name: 'Visitor turns' }).selectOption('visitor');
  await expect(console).toHaveURL(/visitor=visitor/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Where is my parcel of amber teacups?');
  await console.getByRole('combobox', { name: 'Visitor turns' }).selectOption('greeting');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('greeting only');
  await expectAxeClean(console);
  await other.close();
});

test('an alert fired by a slowed agent shows with its webhook delivery', async ({ page, request, context }) => {
  test.setTimeout(45_000);
  const api = buildHost(request);
  const receiver = await startWebhookReceiver();
  const created: string[] = [];
  try {
    const endpoint = await api.post('/v1/webhook-endpoints', {
      name: 'console-on-call',
      url: receiver.url,
      event_types: ['alerts.triggered'],
    });
    created.push(`/v1/webhook-endpoints/${String(endpoint['id'])}`);
    const rule = await api.post('/v1/alert-rules', {
      name: 'Console slow replies',
      metric: 'turn_latency_p95',
      operator: '>',
      threshold_value: 400,
      window_duration: '5m',
    });
    created.push(`/v1/alert-rules/${String(rule['id'])}`);
    await api.control('agentReplyDelay', { ms: 1_000 });

    const console = await context.newPage();
    await console.goto('/console/#/alerts');
    const ruleRow = console.getByRole('row', { name: /Console slow replies/ });
    await expect(ruleRow).toBeVisible();

    await openWidget(page);
    await say(page, 'is anybody there?');
    await receiver.next((delivery) => delivery.body.includes('"alerts.triggered"'), 0);

    await expect(ruleRow.getByText('alert', { exact: true })).toBeVisible();
    await expect(ruleRow).toContainText(/\d+ ms/);
    const deliveries = console.getByRole('region', { name: 'Deliveries to console-on-call' });
    await expect(deliveries.getByRole('row', { name: /alerts\.triggered/ })).toContainText('delivered');
    await expect(deliveries.getByRole('row', { name: /alerts\.triggered/ })).toContainText('HTTP 200');
    await expectAxeClean(console);
  } finally {
    await api.control('agentReplyDelay', { ms: 0 });
    for (const path of created) await api.delete(path);
    await receiver.close();
  }
});

/** The names of the variants the Agents API says the demo agent runs in `environment`. */
async function deployedVariantNames(api: ReturnType<typeof buildHost>, environment: string): Promise<string[]> {
  const serving = (await api.get('/v1/agents/demo-agent'))['environments'];
  const deploymentId =
    typeof serving === 'object' && serving !== null ? Object.entries(serving).find(([name]) => name === environment)?.[1] : null;
  expect(deploymentId, `a deployment serves ${environment}`).toMatch(/^dep_/);
  const variants = (await api.get(`/v1/agents/demo-agent/deployments/${String(deploymentId)}`))['variants'];
  expect(Array.isArray(variants)).toBe(true);
  return (Array.isArray(variants) ? variants : []).map((variant: unknown) =>
    typeof variant === 'object' && variant !== null && 'name' in variant ? String(variant.name) : '',
  );
}

test('the variant filter offers the variants the Agents API deploys and narrows the list to one', async ({ page, request }) => {
  // Only what starts from now on: earlier specs left conversations on the same server, the last
  // of them within the second before this test (the platform and the test share one clock).
  const since = new Date().toISOString();
  const chat = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token' };
  for (const variant of ['var_uk', 'var_spring']) {
    const created = await request.post('/v1/demo-account/demo-project/chat/create', { headers: chat, data: { variant_id: variant } });
    expect(created.status(), await created.text()).toBe(200);
  }
  const names = await deployedVariantNames(buildHost(request), 'live');
  expect(names).toEqual(expect.arrayContaining(['UK Site', 'Spring Sale']));

  await page.goto(`/console/#/conversations?range=custom&from=${encodeURIComponent(since)}&channel=CHAT`);
  const rows = page.getByRole('region', { name: 'Conversations' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const filter = page.getByRole('combobox', { name: 'Variant' });
  await expect(filter.getByRole('option')).toHaveText(['All variants', ...names]);

  await filter.selectOption({ label: 'UK Site' });
  await expect(page).toHaveURL(/variant=var_uk/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('UK Site');
  await filter.selectOption({ label: 'Spring Sale' });
  await expect(page).toHaveURL(/variant=var_spring/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Spring Sale');
  await expectAxeClean(page);

  // Concurrency sliced by variant: each of the two has its own peak.
  await page.getByRole('link', { name: 'Concurrency' }).click();
  const perVariant = page.getByRole('table', { name: /Peak per variant/ });
  for (const name of ['UK Site', 'Spring Sale']) {
    await expect(
      perVariant
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .first(),
    ).toHaveText(/^[1-9]\d*$/);
  }
  await expectAxeClean(page);
});

test("a deployment's greeting and real-time variables show per environment", async ({ page, request }) => {
  const api = buildHost(request);
  const path = '/v1/agents/demo-agent/real-time-configs/sandbox/variables';
  await api.patch(path, { variables: { greeting: 'Hello from the sandbox, console reader!', region: 'north' } });
  try {
    await page.goto('/console/#/deployments');
    const sandbox = page.getByRole('region', { name: 'sandbox' });
    await expect(sandbox).toContainText('Hello from the sandbox, console reader!');
    await expect(sandbox).toContainText('(from the real-time variable)');
    await expect(sandbox).toContainText('region = "north"');
    const live = page.getByRole('region', { name: 'live' });
    await expect(live).toContainText('(from the deployed behavior)');
    await expect(live).toContainText('dep_');
    await expectAxeClean(page);
  } finally {
    await api.patch(path, { variables: { greeting: null, region: null } });
  }
});

test('an outbound call shows its status history and the voice conversation it became', async ({ page, request }) => {
  test.setTimeout(30_000);
  const trigger = await request.post('/v1/outbound-calling', {
    headers: { 'X-Service-Auth-Token': 'demo-outbound-token' },
    data: { to_number: '+12025550100' },
  });
  const { call_sid: sid } = (await trigger.json()) as { call_sid: string };
  await page.goto('/console/#/calls');
  const row = page.getByRole('row', { name: new RegExp(sid) });
  await expect(row.getByText('success', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('listitem')).toHaveText([/^queued/, /^calling/, /^success/]);
  const conversation = row.getByRole('link');
  await expect(conversation).toHaveText(/^voice_/);
  await expectAxeClean(page);
  await conversation.click();
  await expect(page.getByText('VOICE-SIP')).toBeVisible();
});

test('dark mode and a tablet width keep the console readable and axe clean', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 768, height: 1024 } });
  const page = await context.newPage();
  await page.goto('/console/#/conversations');
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
  // Nothing wider than the screen but the tables' own scrolling regions.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Conversations', exact: true })).toBeFocused();
  await expectAxeClean(page);
  await context.close();
});
