// Flow: a site writes <agent-webchat> in its HTML (the script tag's loader defines it) and drives it
// by attributes, properties, methods and DOM events (docs/contract.md, "Custom element").
import { expect, type Page, test } from '@playwright/test';
import { captureConsole, errorsOf, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL } from './support/site';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

interface Heard {
  type: string;
  id: string;
  detail: Record<string, unknown>;
  bubbles: boolean;
  composed: boolean;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

/** Adds an element to #boxes with these attributes (and `props` set as properties before it is connected). */
function addElement(page: Page, id: string, attributes: Record<string, string>, props: Record<string, unknown> = {}) {
  return page.evaluate(
    ({ id, attributes, props }) => {
      const element = document.createElement('agent-webchat');
      element.id = id;
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      Object.assign(element, props);
      document.getElementById('boxes')?.append(element);
    },
    { id, attributes, props },
  );
}

const CONNECTION = { 'messaging-url': PLATFORM_URL, 'connector-token': 'demo-connector-token' };

test('attributes: the launcher before intent, the panel on a click; changes apply at once, a connection change starts a new conversation', async ({
  page,
  request,
}) => {
  const console = captureConsole(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await sitePage(page, 'element.html');
  const element = page.locator('#floating');
  const launcher = element.getByRole('button', { name: 'Open chat' });
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  // The launcher is the loader's: no conversation code before intent.
  expect(scripts).toEqual(['/agent-webchat.js', '/agent-webchat-element.js']);

  await launcher.click();
  const panel = element.getByRole('dialog', { name: 'Element help' });
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-author="agent"]').first()).toContainText('demo agent');

  // Display options apply in place: the same session, the panel still open.
  await element.evaluate((el) => {
    el.setAttribute('chat-title', 'Renamed');
    el.setAttribute('locale', 'fr');
  });
  await expect(element.getByRole('dialog', { name: 'Renamed' })).toBeVisible();
  await expect(element.getByRole('button', { name: 'Fermer le chat' })).toBeVisible();
  expect((await platform(request).record()).sessions).toHaveLength(1);

  // A connection option: a new conversation, with the new option, the panel still open.
  await element.evaluate((el) => el.setAttribute('streaming', 'false'));
  await expect.poll(async () => (await platform(request).record()).sessions.map((s) => s.streaming)).toEqual([true, false]);
  await expect(element.getByRole('dialog', { name: 'Renamed' })).toBeVisible();
  await expect(element.locator('[data-author="agent"]').first()).toContainText('demo agent');

  // The `open` attribute opens and closes the panel.
  await element.evaluate((el) => el.removeAttribute('open'));
  await element.evaluate((el) => el.setAttribute('open', ''));
  await element.evaluate((el) => el.removeAttribute('open'));
  await expect(element.getByRole('dialog')).toBeHidden();
  expect((await platform(request).record()).sessions).toHaveLength(2);
  expect(errorsOf(console)).toEqual([]);
});

test('events: each handle event on the element as agent-webchat-<type>, with its detail, bubbling and composed; methods of the handle', async ({
  page,
}) => {
  await sitePage(page, 'element.html');
  await page.evaluate(() => {
    const element = document.getElementById('floating') as HTMLElement & { open(): void; send(text: string): void };
    element.open();
    element.send('hello element');
  });
  const element = page.locator('#floating');
  await expect(element.locator('[data-author="agent"]', { hasText: 'hello element' })).toBeVisible();
  await expect.poll(async () => (await heard(page)).map((event) => event.type)).toContain('agent-webchat-message');
  const events = await heard(page);
  const types = events.map((event) => event.type);
  expect(types.slice(0, 2)).toEqual(['agent-webchat-ready', 'agent-webchat-open']);
  expect(types).toContain('agent-webchat-status');
  expect(events.every((event) => event.id === 'floating' && event.bubbles && event.composed)).toBe(true);
  const mine = events.find((event) => event.type === 'agent-webchat-message' && event.detail['author'] === 'user');
  expect(mine?.detail).toMatchObject({ author: 'user', text: 'hello element' });
  expect(events.find((event) => event.type === 'agent-webchat-status' && event.detail['status'] === 'online')).toBeTruthy();

  await page.evaluate(() => (document.getElementById('floating') as HTMLElement & { close(): void }).close());
  await expect(element.getByRole('dialog')).toBeHidden();
  await expect.poll(async () => (await heard(page)).map((event) => event.type)).toContain('agent-webchat-close');
});

test('properties: every option in camelCase, objects included; a change applies at once', async ({ page, request }) => {
  const console = captureConsole(page);
  await sitePage(page, 'element.html');
  await addElement(
    page,
    'by-props',
    { inline: '' },
    {
      messagingUrl: PLATFORM_URL,
      connectorToken: 'demo-connector-token',
      chatTitle: 'By property',
      metadata: { plan: 'gold' },
      theme: { accent: '#7a1f5c' },
    },
  );
  const element = page.locator('#by-props');
  const panel = element.getByRole('dialog', { name: 'By property' });
  await expect(panel).toBeVisible();
  const accent = () => element.locator('.widget').evaluate((node) => getComputedStyle(node).getPropertyValue('--aw-accent').trim());
  expect(await accent()).toBe('#7a1f5c');
  expect(await element.evaluate((el) => (el as HTMLElement & { metadata: unknown }).metadata)).toEqual({ plan: 'gold' });

  const composer = element.getByRole('textbox', { name: 'Message' });
  await composer.fill('with metadata');
  await composer.press('Enter');
  await expect(element.locator('[data-author="user"][data-status="sent"]')).toHaveCount(1);
  const sent = (await platform(request).record()).clientEvents.find((event) => event.type.includes('MESSAGE'));
  expect(sent?.custom).toMatchObject({ plan: 'gold' });

  // Theme colours at once, in the same conversation.
  await element.evaluate((el) => {
    (el as HTMLElement & { theme: unknown }).theme = { accent: '#0b6e4f' };
  });
  await expect.poll(accent).toBe('#0b6e4f');
  expect((await platform(request).record()).sessions).toHaveLength(1);
  await expect(element.locator('[data-author="user"]')).toContainText('with metadata');
  expect(errorsOf(console)).toEqual([]);
});

test('inline: the panel lives in the element box, sized by the page CSS; two elements are two widgets', async ({ page, request }) => {
  await sitePage(page, 'element.html');
  await addElement(page, 'box-a', { ...CONNECTION, inline: '', 'chat-title': 'Box A' });
  await addElement(page, 'box-b', { ...CONNECTION, inline: '', 'chat-title': 'Box B', tabs: 'separate' });
  for (const [id, title] of [
    ['box-a', 'Box A'],
    ['box-b', 'Box B'],
  ] as const) {
    const element = page.locator(`#${id}`);
    await expect(element.getByRole('dialog', { name: title })).toBeVisible();
    await expect(element.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
    await expect(element.locator('[data-author="agent"]').first()).toBeVisible();
    const box = await element.boundingBox();
    const dialog = await element.getByRole('dialog').boundingBox();
    expect(box).toMatchObject({ width: 380, height: 520 });
    expect(dialog && box && dialog.x >= box.x && dialog.y >= box.y && dialog.x + dialog.width <= box.x + box.width + 0.5).toBe(true);
  }
  // Separate tabs: two conversations, as two tags with these options.
  expect((await platform(request).record()).sessions).toHaveLength(2);
});

test('removal closes its socket; putting it back starts again, moving it keeps its conversation', async ({ page, request }) => {
  const control = platform(request);
  await sitePage(page, 'element.html');
  await addElement(page, 'chat', { ...CONNECTION, inline: '' });
  const element = page.locator('#chat');
  await expect(element.locator('[data-author="agent"]').first()).toBeVisible();
  const sessionId = await control.lastSessionId();
  const openSockets = async (id: string) => ((await control.post('openSocketCount', { sessionId: id })) as { count: number }).count;
  expect(await openSockets(sessionId)).toBe(1);

  // Moved: removed and put back in one task, it keeps its widget.
  await page.evaluate(() => {
    const el = document.getElementById('chat');
    if (el) document.querySelector('main')?.prepend(el);
  });
  await expect(element.locator('[data-author="agent"]').first()).toBeVisible();
  expect((await control.record()).sessions).toHaveLength(1);

  const kept = await page.evaluate(() => {
    const el = document.getElementById('chat');
    el?.remove();
    (window as unknown as { kept?: Element | null }).kept = el;
    return !!el;
  });
  expect(kept).toBe(true);
  await expect.poll(() => openSockets(sessionId)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { kept: Element }).kept.shadowRoot?.childNodes.length)).toBe(0);

  await page.evaluate(() => document.getElementById('boxes')?.append((window as unknown as { kept: Element }).kept));
  await expect(element.locator('[data-author="agent"]').first()).toBeVisible();
  await expect.poll(async () => (await control.record()).sessions.length).toBe(2);
  expect(await openSockets(await control.lastSessionId())).toBe(1);
});

test('a bad attribute logs one error naming it, and the element shows nothing', async ({ page }) => {
  const console = captureConsole(page);
  await sitePage(page, 'element.html');
  await addElement(page, 'bad', { 'messaging-url': 'ftp://example.com', 'connector-token': 'demo-connector-token' });
  await expect.poll(() => errorsOf(console).length).toBe(1);
  expect(errorsOf(console)[0]?.text).toBe('agent-webchat: <agent-webchat>: attribute "messaging-url" must use https');
  expect(await page.locator('#bad').evaluate((el) => el.shadowRoot?.childNodes.length ?? 0)).toBe(0);

  // Corrected, it shows its launcher.
  await page.locator('#bad').evaluate((el, url) => el.setAttribute('messaging-url', url), PLATFORM_URL);
  await expect(page.locator('#bad').getByRole('button', { name: 'Open chat' })).toBeVisible();
  expect(errorsOf(console)).toHaveLength(1);
});

test('two elements with the same options show one conversation; one removed and put back finds it again (tabs rule)', async ({
  page,
  request,
}) => {
  await sitePage(page, 'element.html');
  await addElement(page, 'left', { ...CONNECTION, inline: '' });
  await addElement(page, 'right', { ...CONNECTION, inline: '' });
  const left = page.locator('#left');
  const right = page.locator('#right');
  await expect(left.locator('[data-author="agent"]').first()).toBeVisible();
  const composer = left.getByRole('textbox', { name: 'Message' });
  await composer.fill('said on the left');
  await composer.press('Enter');
  await expect(right.locator('[data-author="user"]', { hasText: 'said on the left' })).toBeVisible();

  await page.evaluate(() => {
    const el = document.getElementById('right');
    el?.remove();
    (window as unknown as { kept?: Element | null }).kept = el;
  });
  await expect(right).toHaveCount(0);
  await page.evaluate(() => document.getElementById('boxes')?.append((window as unknown as { kept: Element }).kept));
  await expect(right.locator('[data-author="user"]', { hasText: 'said on the left' })).toBeVisible();
  expect((await platform(request).record()).sessions).toHaveLength(1);
});

test('teaser, teaser-delay and tease(): the teaser from the extras file, no conversation code; a reply while closed is agent-webchat-unread and a badge', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await sitePage(page, 'element.html');
  await page.evaluate(() =>
    document.addEventListener('agent-webchat-unread', (event) => {
      const { detail } = event as CustomEvent<Record<string, unknown>>;
      const target = event.target as HTMLElement;
      (window as unknown as { heard: Heard[] }).heard.push({
        type: event.type,
        id: target.id,
        detail,
        bubbles: event.bubbles,
        composed: event.composed,
      });
    }),
  );
  await addElement(page, 'teased', { ...CONNECTION, tabs: 'separate', teaser: 'Questions about delivery?', 'teaser-delay': '0.2' });
  const element = page.locator('#teased');
  const teaser = element.locator('[data-teaser]');
  await expect(teaser.getByRole('button', { name: 'Questions about delivery?' })).toBeVisible();
  expect(scripts).toContain('/agent-webchat-extras.js');
  expect(scripts).not.toContain('/agent-webchat-conversation.js');
  await teaser.getByRole('button', { name: 'Dismiss' }).click();
  await expect(teaser).toHaveCount(0);
  await element.evaluate((el) => (el as HTMLElement & { tease(text: string): void }).tease('Still there?'));
  await expect(teaser).toContainText('Still there?');

  await element.evaluate((el) => (el as HTMLElement & { open(): void }).open());
  await expect(teaser).toHaveCount(0);
  // A reply read with the panel open: nothing is unread.
  await element.evaluate((el) => (el as HTMLElement & { send(text: string): void }).send('hello while open'));
  await expect(element.locator('[data-author="agent"]', { hasText: 'hello while open' })).toBeVisible();
  await expect(element.locator('[data-author="agent"][data-streaming]')).toHaveCount(0);
  await element.evaluate((el) => {
    const chat = el as HTMLElement & { close(): void; send(text: string): void };
    chat.close();
    chat.send('ping while closed');
  });
  await expect(element.locator('[data-unread]')).toHaveAttribute('data-unread', '1');
  await expect(element.getByRole('button', { name: 'Open chat, 1 unread', exact: true })).toBeVisible();
  const unread = async () =>
    (await heard(page))
      .filter((event) => event.type === 'agent-webchat-unread' && event.id === 'teased')
      .map((event) => event.detail['count']);
  await expect.poll(unread).toEqual([1]);
  await element.getByRole('button', { name: 'Open chat, 1 unread', exact: true }).click();
  await expect.poll(unread).toEqual([1, 0]);
  await expect(element.locator('[data-unread]')).toHaveCount(0);
});

test('methods called at once after insertion are kept: append(el); el.open(); el.send("hi") opens the panel and sends once', async ({
  page,
  request,
}) => {
  const console = captureConsole(page);
  await sitePage(page, 'element.html');
  await page.evaluate((platformUrl) => {
    const element = document.createElement('agent-webchat');
    element.id = 'at-once';
    element.setAttribute('messaging-url', platformUrl);
    element.setAttribute('connector-token', 'demo-connector-token');
    element.setAttribute('chat-title', 'At once');
    document.body.append(element);
    const methods = element as HTMLElement & { open(): void; send(text: string): void };
    methods.open();
    methods.send('hi');
  }, PLATFORM_URL);
  const element = page.locator('#at-once');
  await expect(element.getByRole('dialog', { name: 'At once' })).toBeVisible();
  await expect(element.locator('[data-author="user"][data-status="sent"]')).toHaveText(/hi/);
  await expect(element.locator('[data-author="user"]')).toHaveCount(1);
  // The platform heard the visitor's "hi" once.
  await expect
    .poll(async () =>
      (await platform(request).record()).clientEvents
        .filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')
        .map((event) => (event.payload as { text: string }).text),
    )
    .toEqual(['hi']);
  expect(errorsOf(console)).toEqual([]);
});
