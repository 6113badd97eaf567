// Flow: a newcomer walks the demo page as `npm start` serves it (the site on one origin, the
// platform on another) and finds every headline feature working in a widget of its own: the
// bubble's unread badge, a dark widget, an Arabic one greeted in Arabic, a German one with voice
// greeted in German, "Call me", message feedback and the rating. Widgets below the fold connect
// only when scrolled to, and every inline widget looks like the floating one.

import { expect, type Locator, type Page, test } from '@playwright/test';
import { useDemoWorld } from './support/demo-world';
import { injectFakeSpeech } from './support/speech';

const world = useDemoWorld();

/** The demo page, its script done with what it starts at load (the last thing it writes is #files-status). */
async function openDemo(page: Page): Promise<void> {
  await page.goto(`${world.site.url}/`);
  await expect(page.locator('#files-status')).not.toHaveText('Checking which this site serves…');
}

/** Relative luminance (0 black … 1 white) of a computed colour of the first match. */
function luminance(locator: Locator, property: 'color' | 'backgroundColor'): Promise<number> {
  return locator.first().evaluate((element, name) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(element)[name].match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }, property);
}

const greeting = (widget: Locator) => widget.locator('[data-author="agent"]:not([data-streaming])').first();

/** What a visitor sees of a widget's first agent message: its font, its bubble's shape. */
function looks(widget: Locator): Promise<{ font: string; radius: string }> {
  return greeting(widget)
    .locator('[data-part="body"]')
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { font: style.fontFamily, radius: style.borderTopLeftRadius };
    });
}

test('widgets below the fold connect when scrolled to, each greeted in its own language and conversation', async ({ page }) => {
  await openDemo(page);
  for (const id of ['dark', 'arabic', 'parts']) await expect(page.locator(`#${id}-status`)).toHaveText('connects when shown');

  const dark = page.locator('#dark-chat');
  await dark.scrollIntoViewIfNeeded();
  await expect(greeting(dark)).toContainText("Hi, I'm Ada, the demo agent.");
  await expect(page.locator('#dark-status')).not.toHaveText('connects when shown');
  expect(await luminance(dark.getByRole('textbox', { name: 'Message' }), 'backgroundColor')).toBeLessThan(0.1);

  const arabic = page.locator('#arabic-chat');
  await arabic.scrollIntoViewIfNeeded();
  await expect(greeting(arabic)).toContainText('مرحبًا، أنا آدا');
  const arabicComposer = arabic.getByRole('textbox', { name: 'رسالة' });
  expect(await arabicComposer.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  // "language fr": the agent says it goes on in French, and does.
  await arabicComposer.fill('language fr');
  await arabicComposer.press('Enter');
  await expect(arabic.locator('[data-author="agent"]').filter({ hasText: 'Très bien, je continue en français.' })).toBeVisible();
  await arabicComposer.fill('show me a link');
  await arabicComposer.press('Enter');
  await expect(arabic.locator('[data-author="agent"]').filter({ hasText: 'Voici un article' })).toBeVisible();

  // Three widgets, three conversations: none shares another's (or the bubble's).
  const webchat = world.platform.model.conversations.ordered().filter((record) => record.channel === 'WEBCHAT');
  expect(new Set(webchat.map((record) => record.id)).size).toBe(webchat.length);
});

test('the German widget speaks German and offers voice', async ({ page }) => {
  await injectFakeSpeech(page);
  await openDemo(page);
  const german = page.locator('#parts-chat');
  await german.scrollIntoViewIfNeeded();
  await expect(greeting(german)).toContainText('Hallo, ich bin Ada');
  await expect(german.getByRole('button', { name: 'Diktieren' })).toBeVisible();
  await expect(german.getByRole('button', { name: 'Sprachmodus' })).toBeVisible();
  await expect(greeting(german).getByRole('button', { name: 'Vorlesen' })).toBeVisible();
});

test('the token widget offers "Call me", feedback on each answer, and a rating after bye', async ({ page }) => {
  await openDemo(page);
  const widget = page.locator('#token-chat');
  await widget.scrollIntoViewIfNeeded();
  await expect(greeting(widget).getByRole('button', { name: 'Helpful', exact: true })).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Call me' })).toBeVisible();
  const composer = widget.getByRole('textbox', { name: 'Message' });
  await composer.fill('bye');
  await composer.press('Enter');
  await expect(widget.getByRole('radiogroup', { name: 'Rate this conversation' })).toBeVisible();
});

test('the bubble shows its unread badge: no other widget reads its conversation', async ({ page }) => {
  await openDemo(page);
  await page.getByRole('button', { name: 'Open the bubble' }).click();
  const panel = page.getByRole('dialog', { name: 'Demo agent' });
  await expect(greeting(panel)).toBeVisible();
  await page.getByRole('button', { name: 'Ask with the panel closed' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: /^Open chat, \d+ unread$/ })).toBeVisible();
});

test('every inline widget looks like the floating one', async ({ page }) => {
  await openDemo(page);
  await page.getByRole('button', { name: 'Open the bubble' }).click();
  const floating = await looks(page.getByRole('dialog', { name: 'Demo agent' }));
  expect(floating.radius).not.toBe('0px');
  // The element takes its place when that comes into view.
  await page.locator('#element-slot').scrollIntoViewIfNeeded();
  for (const widget of ['#demo-element', '#token-chat', '#rest-chat', '#dark-chat', '#arabic-chat', '#parts-chat'].map((id) =>
    page.locator(id),
  )) {
    await widget.scrollIntoViewIfNeeded();
    await expect(greeting(widget)).toBeVisible();
    expect({ widget: String(widget), ...(await looks(widget)) }).toEqual({ widget: String(widget), ...floating });
  }
  // The dark one is dark all through: light text on its dark bubbles.
  expect(await luminance(greeting(page.locator('#dark-chat')).locator('[data-part="body"]'), 'color')).toBeGreaterThan(0.6);
});
