// Flow: a React 19 app (demo/react-app, built with Vite from the package's `agent-webchat/element/react`)
// renders <agent-webchat>: React sets its properties, hears its events through `onagent-webchat-*`
// props, calls its methods through a ref, and removes and re-adds it.
import { expect, type Page, test } from '@playwright/test';
import { captureConsole, errorsOf } from './support/embed';
import { platform } from './support/platform';
import { SITE_URL } from './support/site';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
  const app = await request.get(`${SITE_URL}/react-app/`);
  expect(app.status(), 'demo/react-app/dist is missing: run `npm run build` (it builds the React app)').toBe(200);
});

const chat = (page: Page) => page.locator('#react-chat');
const events = (page: Page) => page.locator('#events');
const accent = (page: Page) =>
  chat(page)
    .locator('.widget')
    .evaluate((node) => getComputedStyle(node).getPropertyValue('--aw-accent').trim());

test('React sets the properties (objects included) and hears the events; a prop change applies at once', async ({ page, request }) => {
  const console = captureConsole(page);
  await page.goto(`${SITE_URL}/react-app/`);
  const panel = chat(page).getByRole('dialog', { name: 'React chat' });
  await expect(panel).toBeVisible();
  await expect(chat(page).getByRole('button', { name: 'Open chat' })).toHaveCount(0); // inline
  await expect(panel.locator('[data-author="agent"]').first()).toContainText('demo agent');
  await expect(events(page)).toContainText('ready');
  await expect(events(page)).toContainText('status: online');
  await expect(events(page)).toContainText('message from agent');
  expect(await accent(page)).toBe('#1d4ed8');

  // A method through the ref; metadata (an object prop) reached the wire.
  await page.getByRole('button', { name: 'Send hello' }).click();
  await expect(events(page)).toContainText('message from user: hello from React');
  const sent = (await platform(request).record()).clientEvents.find((event) => event.type.includes('MESSAGE'));
  expect(sent?.custom).toMatchObject({ app: 'react', plan: 'gold' });

  // Title and theme colours change in place: the same conversation.
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(chat(page).getByRole('dialog', { name: 'Renamed in React' })).toBeVisible();
  await page.getByRole('button', { name: 'Recolour' }).click();
  await expect.poll(() => accent(page)).toBe('#0b6e4f');
  expect((await platform(request).record()).sessions).toHaveLength(1);
  await expect(chat(page).locator('[data-author="user"]')).toContainText('hello from React');

  // inline off: the floating launcher, in the same element.
  await page.getByRole('button', { name: 'Make it floating' }).click();
  await chat(page).getByRole('button', { name: 'Open chat' }).click();
  await expect(chat(page).getByRole('dialog', { name: 'Renamed in React' })).toBeVisible();
  await expect(events(page)).toContainText('open');
  expect(errorsOf(console)).toEqual([]);
});

test('React removes the element (its socket closes) and puts it back; a bad property logs one error and shows nothing', async ({
  page,
  request,
}) => {
  const control = platform(request);
  const console = captureConsole(page);
  await page.goto(`${SITE_URL}/react-app/`);
  await expect(chat(page).locator('[data-author="agent"]').first()).toBeVisible();
  const sessionId = await control.lastSessionId();
  const openSockets = async (id: string) => ((await control.post('openSocketCount', { sessionId: id })) as { count: number }).count;
  expect(await openSockets(sessionId)).toBe(1);

  await page.getByRole('button', { name: 'Remove the chat' }).click();
  await expect(chat(page)).toHaveCount(0);
  await expect.poll(() => openSockets(sessionId)).toBe(0);
  await page.getByRole('button', { name: 'Put the chat back' }).click();
  await expect(chat(page).locator('[data-author="agent"]').first()).toBeVisible();
  await expect.poll(async () => (await control.record()).sessions.length).toBe(2);

  await page.getByRole('button', { name: 'Break the messaging URL' }).click();
  await expect.poll(() => errorsOf(console).length).toBe(1);
  expect(errorsOf(console)[0]?.text).toBe('agent-webchat: <agent-webchat>: option "messagingUrl" must use https');
  await expect.poll(() => chat(page).evaluate((el) => el.shadowRoot?.childNodes.length ?? 0)).toBe(0);
  await page.getByRole('button', { name: 'Mend the messaging URL' }).click();
  await expect(chat(page).locator('[data-author="agent"]').first()).toBeVisible();
  expect(errorsOf(console)).toHaveLength(1);
});
