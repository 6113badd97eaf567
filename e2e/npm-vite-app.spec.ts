// Flow: a site bundles the npm package with Vite (demo/npm-app, built by `npm run build:demo-app`)
// and mounts the widget inline into its own layout.
import { expect, test } from '@playwright/test';
import { captureConsole, errorsOf, inlineWidget, say } from './support/embed';
import { platform } from './support/platform';
import { SITE_URL } from './support/site';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
  const app = await request.get(`${SITE_URL}/npm-app/`);
  expect(app.status(), 'demo/npm-app/dist is missing: run `npm run build && npm run build:demo-app`').toBe(200);
});

test('the Vite-built app mounts the package inline, greets and converses', async ({ page, request }) => {
  const console = captureConsole(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${SITE_URL}/npm-app/`);

  const widget = inlineWidget(page, 'chat');
  await expect(widget).toHaveCount(1);
  await expect(page.locator('[data-agent-webchat]')).toHaveCount(1);
  // Inline: no launcher, no close button, the panel is just there.
  await expect(widget.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
  await expect(widget.getByRole('dialog', { name: 'Inline widget (npm)' })).toBeVisible();
  await expect(widget.locator('[data-author="agent"]').first()).toContainText('demo agent');

  await say(widget, 'hello from npm');
  await expect(widget.locator('[data-author="agent"]').last()).toContainText('hello from npm');

  // The app's handle.on() listeners saw it all.
  const events = page.locator('#events');
  await expect(events).toContainText('ready');
  await expect(events).toContainText('status: online');
  await expect(events).toContainText('message from user: hello from npm');
  await expect(events).toContainText('message from agent');

  // The package, bundled: the script-tag bundle was never loaded and defines no global.
  expect(scripts.every((path) => path.startsWith('/npm-app/assets/'))).toBe(true);
  expect(await page.evaluate(() => 'AgentWebchat' in window)).toBe(false);
  expect((await platform(request).record()).sessions).toHaveLength(1); // the headless client waits for a send
  expect(errorsOf(console)).toEqual([]);
});

test('the headless client (createWebchatClient) converses through its own view', async ({ page }) => {
  await page.goto(`${SITE_URL}/npm-app/`);
  const headless = page.getByRole('region', { name: 'Headless client' });
  await expect(headless.locator('[data-headless-status]')).toHaveText('connecting');
  await headless.getByRole('textbox', { name: 'Headless message' }).fill('headless hello');
  await headless.getByRole('button', { name: 'Send' }).click();
  await expect(headless.getByRole('list', { name: 'Headless transcript' })).toContainText('agent: You said: "headless hello"');
  await expect(headless.locator('[data-headless-status]')).toHaveText('online');
});
