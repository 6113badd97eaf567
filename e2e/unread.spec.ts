// Flow: while the panel is closed, agent messages count as unread — the launcher's name and badge,
// with `attention` the page title and a tone; opening the panel (in any tab) clears them, and a
// reload keeps the count. The teaser invites the visitor beside the closed launcher without
// fetching any conversation code or calling the platform.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { collectEvents, hostEvents, loadWidget, openWidget } from './support/widget';

const TITLE = 'agent-webchat e2e: programmatic init';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** Counts the tones the page starts (an oscillator each), keeping the browser's AudioContext working. */
async function spyOnTones(page: Page) {
  await page.addInitScript(() => {
    const tones = { count: 0 };
    Object.defineProperty(window, '__tones', { value: tones });
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      override createOscillator() {
        tones.count++;
        return super.createOscillator();
      }
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: { count: number } }).__tones.count);

const send = (page: Page, text: string) =>
  page.evaluate((text) => (window.AgentWebchat as { widget: { send(t: string): void } }).widget.send(text), text);

/** Opens the widget (the conversation starts), then closes it: what follows arrives while closed. */
async function openThenClose(page: Page, options: Record<string, unknown> = {}) {
  await openWidget(page, options);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

const launcherOf = (page: Page) => page.locator('button.launcher');

test('replies while closed: the launcher’s name and badge, the title and a tone; opening clears them and restores the title', async ({
  page,
}) => {
  await spyOnTones(page);
  await openThenClose(page, { attention: ['title', 'sound'] });
  await collectEvents(page, 'unread');
  const launcher = launcherOf(page);
  const badge = launcher.locator('[data-unread]');
  await expect(badge).toHaveCount(0);
  expect(await tones(page)).toBe(0);

  await send(page, 'ping one');
  await expect(badge).toHaveAttribute('data-unread', '1');
  await expect(badge).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat, 1 unread', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`(1) ${TITLE}`);
  await expect.poll(() => tones(page)).toBe(1);
  // A polite announcement of the first unread message.
  await expect(page.locator('[data-part="announcements"]')).toContainText('ping one');

  await send(page, 'ping two');
  await expect(badge).toHaveAttribute('data-unread', '2');
  await expect(page.getByRole('button', { name: 'Open chat, 2 unread', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`(2) ${TITLE}`);
  // At most one tone every few seconds.
  expect(await tones(page)).toBe(1);

  await launcher.click();
  await expect(badge).toHaveCount(0);
  await expect(page).toHaveTitle(TITLE);
  await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
  expect((await hostEvents<{ count: number }>(page, 'unread')).map((e) => e.count)).toEqual([1, 2, 0]);

  // The visitor's own messages never count, nor replies read with the panel open.
  await page.getByRole('textbox', { name: 'Message' }).fill('while open');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  // Complete before the panel closes (a reply that completes after it is unread, rightly).
  await expect(page.locator('[data-author="agent"]').last()).toContainText('while open');
  await expect(page.locator('[data-author="agent"][data-streaming]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(badge).toHaveCount(0);
  await expect(page).toHaveTitle(TITLE);
});

test('one count for the tabs of the conversation: both show it, opening in one clears both', async ({ page }) => {
  await openThenClose(page);
  const second = await page.context().newPage();
  await openThenClose(second);

  await send(page, 'ping from the first tab');
  for (const tab of [page, second]) await expect(launcherOf(tab).locator('[data-unread]')).toHaveAttribute('data-unread', '1');
  await second.getByRole('button', { name: 'Open chat, 1 unread' }).click();
  for (const tab of [page, second]) await expect(launcherOf(tab).locator('[data-unread]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
});

test('a reload keeps the count: the loader’s launcher shows it before the conversation file is here, without any message text stored', async ({
  page,
}) => {
  await openThenClose(page, { attention: ['title'] });
  await send(page, 'secret words');
  await expect(launcherOf(page).locator('[data-unread]')).toHaveAttribute('data-unread', '1');
  const storage = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(storage).not.toContain('secret');

  // The conversation file is held back: what shows is the loader's.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/agent-webchat-conversation\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await loadWidget(page, { attention: ['title'] });
  await expect(launcherOf(page).locator('[data-unread]')).toHaveAttribute('data-unread', '1');
  await expect(page.getByRole('button', { name: 'Open chat, 1 unread', exact: true })).toBeVisible();
  await expect(page.locator('[data-author]')).toHaveCount(0);

  // The conversation comes (in idle time) and goes on from the count: the title says it too.
  release();
  await expect(page).toHaveTitle(`(1) ${TITLE}`);
  await expect(launcherOf(page).locator('[data-unread]')).toHaveAttribute('data-unread', '1');
  await page.getByRole('button', { name: 'Open chat, 1 unread' }).click();
  await expect(page).toHaveTitle(TITLE);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(launcherOf(page).locator('[data-unread]')).toHaveCount(0);
});

/** Every request the page makes from now on, as paths. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test('the teaser: after its delay, with no conversation code and no platform call; opens the panel, dismissed, once per tab, tease() again', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await loadWidget(page, { teaser: 'Questions about delivery?', teaserDelay: 0.5 });
  const teaser = page.locator('[data-teaser]');
  await expect(teaser).toHaveCount(0);
  await expect(teaser).toBeVisible();
  await expect(teaser).toContainText('Questions about delivery?');
  // It never takes focus by itself.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  // Nothing but the page, the loader and its small extras file.
  expect(requests.filter((path) => !['/widget.html', '/agent-webchat.js', '/agent-webchat-extras.js'].includes(path))).toEqual([]);

  const axe = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  expect(axe.violations).toEqual([]);

  // Activating its text opens the panel (the conversation then loads, as on any intent); the teaser goes.
  await page.getByRole('button', { name: 'Questions about delivery?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(teaser).toHaveCount(0);
  await page.getByRole('button', { name: 'Close chat' }).click();

  // Once per tab: the next page of the tab shows none.
  // A pattern, not a glob: the version query is base64 and may hold a '/', which a glob's '*' does not cross.
  const extras = page.waitForResponse(/\/agent-webchat-extras\.js(\?|$)/);
  await loadWidget(page, { teaser: 'Questions about delivery?' });
  await extras;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await expect(teaser).toHaveCount(0);

  // tease() asks again; Escape dismisses it; so does "Dismiss".
  await page.evaluate(() => (window.AgentWebchat as { widget: { tease(t: string): void } }).widget.tease('Still there?'));
  await expect(teaser).toContainText('Still there?');
  await page.keyboard.press('Escape');
  await expect(teaser).toHaveCount(0);
  await page.evaluate(() => (window.AgentWebchat as { widget: { tease(t: string): void } }).widget.tease('Need a hand?'));
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(teaser).toHaveCount(0);
});

test('keyboard only: the teaser and the launcher with its count are reached and used by keys', async ({ page }) => {
  await loadWidget(page, { teaser: 'Questions about delivery?' });
  await expect(page.locator('[data-teaser]')).toBeVisible();
  // The launcher first, then the teaser's text and its Dismiss.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Questions about delivery?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(page.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();

  await send(page, 'ping');
  await expect(page.getByRole('button', { name: 'Open chat, 1 unread' })).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  expect(axe.violations).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-unread]')).toHaveCount(0);
});
