// Flow: files from the visitor (option uploadUrl). The visitor attaches a file by the button, by a
// drop on the panel or by pasting an image; the site's limits refuse some at once, with the
// reason; on Send each file goes up with a progress bar, then the words and the files' links go
// as ONE user message, which the transcript shows as links (an image as a thumbnail), and the demo
// agent, following the link as the platform's agent would, says what it got. A failed upload is
// tried again without a second message; offline, or before the conversation is up, the message
// waits and goes once. Against the reference platform and the e2e site's real upload endpoint
// (createUploadEndpoint on /api/upload, demo/site-server.ts), which takes files only from a visitor
// bound to a live conversation: the widget gets its token from the site (tokenUrl). page.route
// only brings what the site cannot be made to do: an upload lost on the way, or a slow one.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL, SITE_URL } from './support/site';

const OPTIONS = { messagingUrl: PLATFORM_URL, tokenUrl: '/api/webchat-token', uploadUrl: '/api/upload' };
const UPLOAD_URL = `${SITE_URL}/api/upload`;
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The pattern of a file's link as the site makes it, `{uploadUrl}/files/{id}/{name}` (in a RegExp's source). */
const fileLink = (name: string) => `${literally(UPLOAD_URL)}/files/[\\w-]+/${literally(name)}`;
const PDF = { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% an invoice\n') };
let png: Buffer;

test.beforeAll(async () => {
  png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();
});

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** The user messages the platform received, in order. */
async function sentOnTheWire(page: Page): Promise<string[]> {
  const record = await platform(page.request).record();
  return record.clientEvents
    .filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')
    .map((event) => (event.payload as { text: string }).text);
}

/** The site's page with the widget (its token from the site, so the site knows the visitor's conversation). */
async function mount(page: Page, extra: Record<string, unknown> = {}): Promise<void> {
  await sitePage(page, 'widget.html');
  await page.evaluate(
    (options) => {
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      api.init(options);
    },
    { ...OPTIONS, ...extra },
  );
}

async function open(page: Page, extra: Record<string, unknown> = {}): Promise<void> {
  await mount(page, extra);
  // The launcher by its place: its name is in the widget's language.
  await page.locator('[data-agent-webchat] .launcher').click();
  await page.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
}

/** Counts the uploads the page makes (POST {uploadUrl}), lost ones included. */
function countUploads(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === UPLOAD_URL) posts += 1;
  });
  return () => posts;
}

/** The next upload is lost on the way (no answer); the ones after it reach the site. */
async function loseNextUpload(page: Page): Promise<void> {
  let lost = false;
  await page.route(UPLOAD_URL, (route) => {
    if (route.request().method() !== 'POST' || lost) return route.fallback();
    lost = true;
    return route.abort('connectionreset');
  });
}

/** Uploads from now on wait (a slow network) until the returned function lets them through. */
async function holdUploads(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(UPLOAD_URL, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await gate;
    // A cancelled upload has no request left to continue.
    await route.continue().catch(() => undefined);
  });
  return release;
}

interface Attaching {
  /** The names of "Attach a file" and of the list of files to send, in the widget's language. */
  button?: string;
  list?: string;
  /** The files the site's limits take (default: all). */
  accepted?: string[];
}

/**
 * Chooses files through "Attach a file" (the browser's file chooser), then waits until the accepted
 * ones are attached: the widget reads the site's limits first, so an Enter pressed sooner sends the words alone.
 */
async function attach(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  { button = 'Attach a file', list = 'Files to send', accepted = files.map((file) => file.name) }: Attaching = {},
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
  const attached = page.getByRole('list', { name: list }).getByRole('listitem');
  for (const name of accepted) await expect(attached.filter({ hasText: name })).toBeVisible();
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const userMessages = (page: Page) => page.locator('[data-author="user"]');
/** The demo agent's answer about the files it got ("I got invoice.pdf, 22 bytes, a PDF."). */
const agentSays = (page: Page, text: string | RegExp) => page.locator('[data-author="agent"]').filter({ hasText: text });

test('attach by the button: the words and the file go as one message; its link serves the bytes; the agent got it', async ({
  page,
  playwright,
}) => {
  const uploads = countUploads(page);
  await open(page);
  await attach(page, [PDF]);
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveText('invoice.pdf');
  await composer(page).fill('Here is my invoice');
  await composer(page).press('Enter');
  const message = userMessages(page);
  await expect(message).toHaveAttribute('data-status', 'sent');
  const link = message.getByRole('link', { name: 'invoice.pdf' });
  await expect(link).toHaveAttribute('href', new RegExp(`^${fileLink('invoice.pdf')}$`));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(message).toContainText('Here is my invoice');
  const href = (await link.getAttribute('href')) ?? '';
  expect(await sentOnTheWire(page)).toEqual([`Here is my invoice\n[invoice.pdf](${href})`]);
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  expect(uploads()).toBe(1);
  // The agent followed the link, as the platform's agent would.
  await expect(agentSays(page, 'I got invoice.pdf, 22 bytes, a PDF.')).toBeVisible();

  // Anyone holding the link (no cookie) gets the bytes: a download, its type from the bytes, never sniffed, sandboxed.
  const stranger = await playwright.request.newContext();
  const served = await stranger.get(href);
  expect(served.status()).toBe(200);
  expect(await served.body()).toEqual(PDF.buffer);
  const headers = served.headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain('sandbox');
  expect(headers['content-disposition']).toMatch(/^attachment;.*invoice\.pdf/);
  // An altered link serves nothing.
  expect((await stranger.get(href.replace(/\/files\/[\w-]/, '/files/0'))).status()).toBe(404);
  await stranger.dispose();
});

test('drop on the panel: a drop target while dragging; the image shows as a thumbnail that opens the full image', async ({ page }) => {
  await open(page);
  const panel = page.getByRole('dialog');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    transfer.items.add(new File([bytes], 'parcel.png', { type: 'image/png' }));
    return transfer;
  }, png.toString('base64'));
  await panel.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files to attach them')).toBeVisible();
  await panel.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files to attach them')).toHaveCount(0);
  // A preview made here, small, from a blob URL (never the file as a data: URL).
  const preview = page.getByRole('list', { name: 'Files to send' }).locator('img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const message = userMessages(page);
  await expect(message).toHaveAttribute('data-status', 'sent');
  const link = message.getByRole('link', { name: 'parcel.png' });
  await expect(link).toHaveAttribute('target', '_blank');
  const thumbnail = link.getByRole('img', { name: 'parcel.png' });
  await expect(thumbnail).toHaveAttribute('src', new RegExp(`^${fileLink('parcel.png')}$`));
  // The site's copy decodes: a PNG of the same size, shown bounded.
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
  const box = await thumbnail.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(200);
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(new RegExp(`^!\\[parcel\\.png\\]\\(${fileLink('parcel.png')}\\)$`))]);
  await expect(agentSays(page, /I got parcel\.png, [\d.]+ (bytes|KB), a PNG image\./)).toBeVisible();
  // Opens the full image in a new tab.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect.poll(() => tab.url()).toMatch(new RegExp(`^${fileLink('parcel.png')}$`));
  await tab.close();
  await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
});

test('a photo sent with its GPS position in EXIF is kept and served without it, still the same picture', async ({ page, playwright }) => {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a6' } })
    .withExif({
      IFD0: { Make: 'PhoneMakerX', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .jpeg()
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  expect(photo.includes('PhoneMakerX')).toBe(true);
  await open(page);
  await attach(page, [{ name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await composer(page).press('Enter');
  const thumbnail = userMessages(page).getByRole('img', { name: 'parcel.jpg' });
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);

  const stranger = await playwright.request.newContext();
  const served = await stranger.get((await thumbnail.getAttribute('src')) ?? '');
  const headers = served.headers();
  expect(headers['content-type']).toBe('image/jpeg');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain('sandbox');
  expect(headers['content-disposition']).toMatch(/^inline/);
  const bytes = await served.body();
  const metadata = await sharp(bytes).metadata();
  expect([metadata.format, metadata.width, metadata.height, metadata.exif, metadata.xmp]).toEqual(['jpeg', 64, 48, undefined, undefined]);
  expect(bytes.includes('PhoneMakerX')).toBe(false);
  await stranger.dispose();
  await expect(agentSays(page, /I got parcel\.jpg, [\d.]+ (bytes|KB), a JPEG image\./)).toBeVisible();
});

test('paste of an image into the text box attaches it; the words go with it', async ({ page }) => {
  await open(page);
  await composer(page).fill('Pasted');
  await composer(page).evaluate((box, base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    transfer.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
  await expect(page.getByRole('button', { name: 'Remove image.png' })).toBeVisible();
  await expect(composer(page)).toHaveValue('Pasted');
  await composer(page).press('Enter');
  await expect(userMessages(page).getByRole('img', { name: 'image.png' })).toBeVisible();
  expect(await sentOnTheWire(page)).toEqual([
    expect.stringMatching(new RegExp(`^Pasted\\n!\\[image\\.png\\]\\(${fileLink('image.png')}\\)$`)),
  ]);
});

test("a type not accepted and a file too big are refused with the site's reason, and nothing is sent", async ({ page }) => {
  const uploads = countUploads(page);
  await open(page);
  await attach(
    page,
    [
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
      // The site's limit is 10 MB (createUploadEndpoint's default).
      { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
    ],
    { accepted: [] },
  );
  const alerts = page.getByRole('alert');
  await expect(alerts).toHaveText(['setup.exe: this type of file is not accepted', 'huge.pdf: too big: the limit is 10 MB']);
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(userMessages(page)).toHaveCount(0);
  expect(uploads()).toBe(0);
  expect(await sentOnTheWire(page)).toEqual([]);
});

test('an upload lost on the way says why and offers "Try again": the message goes once', async ({ page }) => {
  const uploads = countUploads(page);
  await open(page);
  await loseNextUpload(page);
  await attach(page, [PDF]);
  await composer(page).fill('Try this');
  await composer(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('invoice.pdf: the site could not be reached');
  await expect(userMessages(page)).toHaveCount(0);
  expect(await sentOnTheWire(page)).toEqual([]);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(userMessages(page)).toHaveAttribute('data-status', 'sent');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(agentSays(page, 'I got invoice.pdf, 22 bytes, a PDF.')).toBeVisible();
  expect(uploads()).toBe(2);
  expect(await sentOnTheWire(page)).toEqual([
    expect.stringMatching(new RegExp(`^Try this\\n\\[invoice\\.pdf\\]\\(${fileLink('invoice.pdf')}\\)$`)),
  ]);
  await expect(userMessages(page)).toHaveCount(1);
});

test('a Send before the conversation is up waits for it, then the file goes: no refusal, one message', async ({ page }) => {
  const uploads = countUploads(page);
  // The site's token answer is slow: until it comes, the site knows no conversation of this visitor.
  let answerToken: () => void = () => {};
  const tokenHeld = new Promise<void>((resolve) => {
    answerToken = resolve;
  });
  await page.route(`${SITE_URL}/api/webchat-token`, async (route) => {
    await tokenHeld;
    await route.continue();
  });
  await mount(page);
  await page.locator('[data-agent-webchat] .launcher').click();
  await attach(page, [PDF]);
  await composer(page).fill('Quick');
  await composer(page).press('Enter');
  await expect(page.getByText('Waits for the connection')).toBeVisible();
  expect(uploads()).toBe(0);
  answerToken();
  await expect(userMessages(page)).toHaveAttribute('data-status', 'sent');
  await expect(page.getByText('Waits for the connection')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(uploads()).toBe(1);
  expect(await sentOnTheWire(page)).toEqual([
    expect.stringMatching(new RegExp(`^Quick\\n\\[invoice\\.pdf\\]\\(${fileLink('invoice.pdf')}\\)$`)),
  ]);
  await expect(agentSays(page, 'I got invoice.pdf, 22 bytes, a PDF.')).toBeVisible();
});

test('a slow upload shows its progress bar with a cancel button; cancel takes the file out and the words still go', async ({ page }) => {
  await open(page);
  const release = await holdUploads(page);
  await attach(page, [PDF]);
  await composer(page).fill('Never mind the file');
  await composer(page).press('Enter');
  const bar = page.getByRole('progressbar', { name: 'Uploading invoice.pdf' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await page.getByRole('button', { name: 'Cancel invoice.pdf' }).click();
  await expect(bar).toHaveCount(0);
  await expect(userMessages(page)).toHaveText(/Never mind the file/);
  await expect(composer(page)).toBeFocused();
  release();
  expect(await sentOnTheWire(page)).toEqual(['Never mind the file']);
});

test('offline, the file waits with the message; back online it goes, once', async ({ page, context }) => {
  const uploads = countUploads(page);
  await open(page);
  await attach(page, [PDF]);
  await context.setOffline(true);
  await composer(page).fill('Sent while offline');
  await composer(page).press('Enter');
  await expect(page.getByText('Waits for the connection')).toBeVisible();
  expect(uploads()).toBe(0);
  await context.setOffline(false);
  await expect(userMessages(page)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  await expect(page.getByText('Waits for the connection')).toHaveCount(0);
  expect(uploads()).toBe(1);
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^Sent while offline\n\[invoice\.pdf\]\(/)]);
  await expect(userMessages(page)).toHaveCount(1);
});

test('keyboard only: attach, remove, attach again and send without the mouse', async ({ page }) => {
  // The file chooser answers at once (listened to from the start: a key press is quicker than a click).
  page.on('filechooser', (chooser) => void chooser.setFiles([PDF]));
  await mount(page);
  await page.getByRole('button', { name: 'Open chat' }).focus();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeFocused();
  await page.keyboard.press('Enter');
  const remove = page.getByRole('button', { name: 'Remove invoice.pdf' });
  await expect(remove).toBeVisible();
  // The file's button comes before the composer: Shift+Tab twice reaches it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(remove).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('By keyboard');
  await page.keyboard.press('Enter');
  await expect(userMessages(page).getByRole('link', { name: 'invoice.pdf' })).toBeVisible();
  await expect(composer(page)).toBeFocused();
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^By keyboard\n\[invoice\.pdf\]\(/)]);
});

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary}`),
  }));
  expect(summary).toEqual([]);
}

for (const [locale, button, list, progressName] of [
  ['en', 'Attach a file', 'Files to send', 'Uploading shot.png'],
  ['ar', 'إرفاق ملف', 'ملفات للإرسال', 'جارٍ رفع shot.png'],
] as const)
  test(`axe finds nothing: a sent image, an upload in progress, a file attached, a refusal (${locale})`, async ({ page }) => {
    await open(page, { locale });
    const shot = { name: 'shot.png', mimeType: 'image/png', buffer: png };
    await attach(page, [shot], { button, list });
    await page.getByRole('textbox').press('Enter');
    await expect(userMessages(page).getByRole('img', { name: 'shot.png' })).toBeVisible();
    const release = await holdUploads(page);
    await attach(page, [shot], { button, list });
    await page.getByRole('textbox').press('Enter');
    await expect(page.getByRole('progressbar', { name: progressName })).toBeVisible();
    await attach(page, [PDF, { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }], {
      button,
      list,
      accepted: ['invoice.pdf'],
    });
    await expect(page.getByRole('alert')).toBeVisible();
    if (locale === 'ar') await expect(page.locator('[data-agent-webchat] [dir="rtl"]').first()).toBeAttached();
    await audit(page);
    release();
  });
