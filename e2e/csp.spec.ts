// Flow: a site with a strict Content-Security-Policy (no inline script or style, scripts from
// itself only, connections and images to itself and the platform) and aggressive page CSS embeds
// the widget with the script tag. The loader fetches the conversation beside it on intent; the
// widget works and is fully styled with zero CSP violations, and none of the page CSS reaches
// inside it.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { sitePage } from './support/embed';
import { platform } from './support/platform';

declare global {
  interface Window {
    __cspViolations: Array<{ directive: string; blocked: string; sample: string }>;
  }
}

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);
const style = (el: Locator, ...props: string[]) =>
  el.evaluate((node, props) => {
    const cs = getComputedStyle(node);
    return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  }, props);

test('strict CSP: zero violations, styled, and page CSS stays out', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await sitePage(page, 'csp.html');
  expect(await violations(page)).toEqual([]);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  // Styled by the loader alone, before the rest of the widget is fetched.
  expect(await style(launcher, 'background-color', 'border-radius', 'position', 'width')).toEqual({
    'background-color': 'rgb(29, 78, 216)',
    'border-radius': '50%',
    position: 'fixed',
    width: '56px',
  });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel).toBeVisible();
  const greeting = page.locator('[data-author="agent"]');
  await expect(greeting).toHaveCount(1);
  await expect(page.locator('[data-connection]')).toHaveAttribute('data-connection', 'online');

  // A conversation with images and a link card: every resource the widget uses.
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Send an image');
  await composer.press('Enter');
  const image = page.getByRole('img', { name: 'A sample picture' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await composer.fill('Show me a link');
  await composer.press('Enter');
  await expect(page.getByRole('link', { name: 'Read the article' })).toBeVisible();

  // Styled by the widget's own stylesheet (constructable, no inline <style> needed).
  expect(await style(launcher, 'background-color', 'border-radius', 'position', 'width', 'color', 'font-size', 'border-top-width')).toEqual(
    {
      'background-color': 'rgb(29, 78, 216)',
      'border-radius': '50%',
      position: 'fixed',
      width: '56px',
      color: 'rgb(255, 255, 255)',
      'font-size': '16px',
      'border-top-width': '0px',
    },
  );
  expect(await style(panel, 'position', 'display', 'background-color')).toEqual({
    position: 'fixed',
    display: 'flex',
    'background-color': 'rgb(255, 255, 255)',
  });
  expect(await style(page.getByRole('button', { name: 'Send', exact: true }), 'background-color', 'color', 'font-size')).toEqual({
    'background-color': 'rgb(29, 78, 216)',
    color: 'rgb(255, 255, 255)',
    'font-size': '16px',
  });
  expect(await style(composer, 'font-size', 'background-color')).toEqual({ 'font-size': '16px', 'background-color': 'rgb(255, 255, 255)' });

  // Inherited properties set on the host element do not leak in.
  const bubble = greeting.first().locator('[data-part="body"]');
  await expect(bubble).toBeVisible();
  expect(
    await style(
      bubble,
      'color',
      'font-style',
      'font-size',
      'letter-spacing',
      'word-spacing',
      'text-transform',
      'text-indent',
      'text-shadow',
      'white-space',
      'cursor',
    ),
  ).toEqual({
    color: 'rgb(17, 24, 39)',
    'font-style': 'normal',
    'font-size': '16px',
    'letter-spacing': 'normal',
    'word-spacing': '0px',
    'text-transform': 'none',
    'text-indent': '0px',
    'text-shadow': 'none',
    'white-space': 'pre-wrap',
    cursor: 'auto',
  });
  const heading = panel.getByRole('heading', { name: 'Chat' });
  expect(await style(heading, 'text-align', 'color', 'font-style')).toEqual({
    'text-align': 'start',
    color: 'rgb(255, 255, 255)',
    'font-style': 'normal',
  });
  expect(await style(page.getByRole('link', { name: 'Read the article' }), 'color')).toEqual({ color: 'rgb(29, 78, 216)' });

  // Zero violations with the widget open, styled and in use; its code came from the site itself.
  expect(await violations(page)).toEqual([]);
  expect(scripts).toEqual(['/csp-counter.js', '/agent-webchat.js', '/agent-webchat-conversation.js']);

  // The counter does count: an inline <style> is refused here.
  await page.evaluate(() => {
    const s = document.createElement('style');
    s.textContent = 'main { color: blue }';
    document.head.append(s);
  });
  await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toEqual([expect.stringMatching(/^style-src/)]);
});

test('strict CSP with every optional file: voice, "Call me" and German come in and work, zero violations', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await sitePage(page, 'csp-parts.html');
  await page.getByRole('button', { name: 'Chat öffnen' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-author="agent"]').first()).toBeVisible();
  expect(scripts.filter((path) => path.startsWith('/agent-webchat')).sort()).toEqual([
    '/agent-webchat-callback.js',
    '/agent-webchat-conversation.js',
    '/agent-webchat-de.js',
    '/agent-webchat-voice.js',
    '/agent-webchat.js',
  ]);
  // Each feature in German, styled by its own stylesheet (constructable: no inline style needed).
  await expect(page.getByRole('button', { name: 'Senden' })).toBeVisible();
  await page.getByRole('button', { name: 'Rückruf' }).click();
  const form = page.getByRole('form', { name: 'Rückruf' });
  await expect(form).toBeVisible();
  expect(await style(form, 'display')).toEqual({ display: 'grid' });
  expect(await violations(page)).toEqual([]);
});

test('strict CSP: feedback, the rating (from data attributes) and the transcript download, styled, zero violations', async ({ page }) => {
  await sitePage(page, 'csp-after.html');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const greeting = page.locator('[data-author="agent"]:not([data-streaming])').first();
  await expect(greeting).toBeVisible();
  const helpful = greeting.getByRole('button', { name: 'Helpful', exact: true });
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  // The feature's own stylesheet reached the shadow root.
  expect(await style(helpful, 'min-width', 'border-top-width')).toEqual({ 'min-width': '32px', 'border-top-width': '0px' });

  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('bye');
  await composer.press('Enter');
  const fiveStars = page.getByRole('radio', { name: '5 stars' });
  await fiveStars.check();
  expect(await style(page.locator('.rating-star').first(), 'min-width', 'color')).toEqual({
    'min-width': '40px',
    color: 'rgb(180, 83, 9)',
  });
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your rating.' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download transcript' }).click()]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(text).toMatch(/\] You: bye\n/);
  expect(await violations(page)).toEqual([]);
});
