// Flow: one page holds a floating widget (the script tag's), the tag's `container` widget and
// <agent-webchat inline>. Whatever the way it is shown, a visitor sees the same widget: the same
// message colours and font (not the page's), the same buttons, the rating's five stars in view.
import { expect, type Locator, test } from '@playwright/test';
import { captureConsole, errorsOf, say, sitePage } from './support/embed';
import { platform } from './support/platform';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** What a visitor sees of an element: the computed styles that make its look. */
const LOOK = [
  'color',
  'font-family',
  'font-size',
  'background-color',
  'border-radius',
  'border-top-color',
  'border-top-width',
  'padding-top',
  'letter-spacing',
  'min-height',
] as const;

function look(locator: Locator): Promise<Record<string, string>> {
  return locator.evaluate((element, names) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
  }, LOOK);
}

/** The parts of a widget compared: a visitor's message, its bubble, an agent's message, the composer's send button. */
async function looks(widget: Locator) {
  const user = widget.locator('[data-author="user"][data-status="sent"]').first();
  const agent = widget.locator('[data-author="agent"]:not([data-streaming])').first();
  return {
    userMessage: await look(user),
    userBubble: await look(user.locator('.message-body')),
    agentBubble: await look(agent.locator('.message-body')),
    send: await look(widget.getByRole('button', { name: 'Send', exact: true })),
    composer: await look(widget.getByRole('textbox', { name: 'Message' })),
  };
}

/** The five stars of the rating, each wholly inside the widget's panel. */
async function starsInView(widget: Locator): Promise<void> {
  const stars = widget.getByRole('radiogroup', { name: 'Rate this conversation' });
  await expect(stars.locator('.rating-star')).toHaveCount(5);
  for (const star of await stars.locator('.rating-star').all()) {
    await star.scrollIntoViewIfNeeded();
    await expect(star).toBeVisible();
    const box = await star.boundingBox();
    const panel = await widget.getByRole('dialog').boundingBox();
    expect(box && panel).toBeTruthy();
    if (!box || !panel) return;
    expect(box.x).toBeGreaterThanOrEqual(panel.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
  }
}

test('an inline widget, from the tag or the element, looks exactly like the floating one', async ({ page }) => {
  const console = captureConsole(page);
  await sitePage(page, 'inline-look.html');
  const floating = page.locator('body > [data-agent-webchat]');
  const container = page.locator('#box [data-agent-webchat]');
  const element = page.locator('agent-webchat#element');

  await floating.getByRole('button', { name: 'Open chat' }).click();
  for (const widget of [floating, container, element]) {
    await expect(widget.locator('[data-author="agent"]:not([data-streaming])').first()).toBeVisible();
    await say(widget, 'hello');
  }
  const expected = await looks(floating);
  // The widget's own look, not the page's nor the browser's defaults.
  expect(expected.userMessage['font-family']).not.toContain('Times');
  expect(expected.userBubble['background-color']).not.toBe('rgba(0, 0, 0, 0)');
  expect(expected.send['background-color']).not.toBe('rgb(200, 200, 0)');
  expect(await looks(container)).toEqual(expected);
  expect(await looks(element)).toEqual(expected);

  // The rating after "bye": five stars, each in view, in every widget.
  for (const widget of [floating, container, element]) {
    await say(widget, 'bye');
    await starsInView(widget);
  }
  const star = (widget: Locator) => look(widget.locator('.rating-star').last());
  expect(await star(container)).toEqual(await star(floating));
  expect(await star(element)).toEqual(await star(floating));
  expect(errorsOf(console)).toEqual([]);
});
