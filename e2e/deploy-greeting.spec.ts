// Flow: a greeting published to sandbox does not reach the live widget; promoted through
// pre-release to live, the next visitor is greeted with it. A real-time `greeting` value then
// overrides it at once, and removing the value brings the deployed greeting back.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { buildHost } from './support/build-host';
import { platform } from './support/platform';
import { openWidget } from './support/widget';

const MAIN = '/v1/agents/demo-agent/branches/main/behavior';
const DEPLOYMENTS = '/v1/agents/demo-agent/deployments';
const LIVE_VARIABLES = '/v1/agents/demo-agent/real-time-configs/live/variables';
const NEW_GREETING = 'Welcome to the spring sale! What are you looking for today?';

let originalBehavior = '';
let published: string | undefined;

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
  originalBehavior = String((await buildHost(request).get(MAIN))['behavior']);
});

test.afterEach(async ({ request }) => {
  // The shared server must greet as before for the specs that follow.
  const api = buildHost(request);
  await api.patch(LIVE_VARIABLES, { variables: { greeting: null } });
  if (published) await api.post(`${DEPLOYMENTS}/${published}/rollback`);
  await api.patch(MAIN, { behavior: originalBehavior });
  published = undefined;
});

/** A new visitor (own browser context, so a new conversation) opens the live widget. */
async function greetingOfNewVisitor(browser: Browser, baseURL: string | undefined): Promise<{ text: string; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openWidget(page);
  const text = (await page.locator('[data-author="agent"]').first().textContent()) ?? '';
  return { text, page };
}

test('a greeting published to sandbox reaches the live widget only once promoted to live', async ({ browser, baseURL, request }) => {
  const api = buildHost(request);
  await api.patch(MAIN, { behavior: originalBehavior.replace(/^Greeting:.*$/m, `Greeting: ${NEW_GREETING}`) });
  const deployment = await api.post(`${DEPLOYMENTS}/publish`, { environment: 'sandbox' });
  published = String(deployment['id']);
  expect(deployment).toMatchObject({ state: 'sandbox', environments: ['sandbox'] });

  const before = await greetingOfNewVisitor(browser, baseURL);
  expect(before.text).toContain("Hi, I'm Ada, the demo agent.");
  await before.page.context().close();

  expect(await api.post(`${DEPLOYMENTS}/${published}/promote`)).toMatchObject({ state: 'pre-release' });
  expect(await api.post(`${DEPLOYMENTS}/${published}/promote`)).toMatchObject({ state: 'live' });

  const after = await greetingOfNewVisitor(browser, baseURL);
  await expect(after.page.locator('[data-author="agent"]').first()).toContainText(NEW_GREETING);
  await after.page.context().close();
});

test('a real-time greeting overrides the deployed one at once; removing it restores the deployed one', async ({
  browser,
  baseURL,
  request,
}) => {
  const api = buildHost(request);
  await api.patch(LIVE_VARIABLES, { variables: { greeting: 'Flash sale: 20% off until midnight.' } });
  const overridden = await greetingOfNewVisitor(browser, baseURL);
  await expect(overridden.page.locator('[data-author="agent"]').first()).toContainText('Flash sale: 20% off until midnight.');
  await overridden.page.context().close();

  expect(await api.patch(LIVE_VARIABLES, { variables: { greeting: null } })).toEqual({ segment: 'live', variables: {} });
  const restored = await greetingOfNewVisitor(browser, baseURL);
  await expect(restored.page.locator('[data-author="agent"]').first()).toContainText("Hi, I'm Ada, the demo agent.");
  await restored.page.context().close();
});
