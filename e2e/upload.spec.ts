// Flow: files from the visitor (option uploadUrl). The visitor attaches a file by the button, by a
// drop on the panel or by pasting an image; the site's limits refuse some at once, with the
// reason; on Send each file goes up with a progress bar, then the words and the files' links go
// as ONE user message, which the transcript shows as links (an image as a thumbnail). A failed
// upload is tried again without a second message; offline, the message waits and goes once back
// online. Against the reference platform and a test-only upload endpoint (support/upload-stub.ts).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { platform } from './support/platform';
import { stubUploadEndpoint, type UploadStub } from './support/upload-stub';
import { loadWidget } from './support/widget';

const OPTIONS = { uploadUrl: '/test-upload' };
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

async function open(page: Page, extra: Record<string, unknown> = {}): Promise<UploadStub> {
  const stub = await stubUploadEndpoint(page, { maxBytes: 1024 * 1024 });
  await loadWidget(page, { ...OPTIONS, ...extra });
  // The launcher by its place: its name is in the widget's language.
  await page.locator('[data-agent-webchat] .launcher').click();
  await page.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
  return stub;
}

/** Chooses files through "Attach a file" (the browser's file chooser). */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], buttonName = 'Attach a file') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(files);
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const userMessages = (page: Page) => page.locator('[data-author="user"]');

test('attach by the button: the words and the file go as one message, shown as a link named by the file', async ({ page }) => {
  const stub = await open(page);
  await attach(page, [PDF]);
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveText('invoice.pdf');
  await composer(page).fill('Here is my invoice');
  await composer(page).press('Enter');
  const message = userMessages(page);
  await expect(message).toHaveAttribute('data-status', 'sent');
  const link = message.getByRole('link', { name: 'invoice.pdf' });
  await expect(link).toHaveAttribute('href', /\/test-upload\/files\/f1$/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(message).toContainText('Here is my invoice');
  expect(stub.stored).toEqual([{ name: 'invoice.pdf', type: 'application/pdf', size: PDF.buffer.length }]);
  expect(await sentOnTheWire(page)).toEqual([
    `Here is my invoice\n[invoice.pdf](http://127.0.0.1:${new URL(page.url()).port}/test-upload/files/f1)`,
  ]);
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
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
  await expect(thumbnail).toHaveAttribute('src', /\/test-upload\/files\/f1$/);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
  const box = await thumbnail.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(200);
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^!\[parcel\.png\]\(http:\/\/[^)]+\/test-upload\/files\/f1\)$/)]);
  // Opens the full image in a new tab.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect.poll(() => tab.url()).toMatch(/\/test-upload\/files\/f1$/);
  await tab.close();
  await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
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
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^Pasted\n!\[image\.png\]\(http:\/\/[^)]+\/test-upload\/files\/f1\)$/)]);
});

test('a type not accepted and a file too big are refused with their reason, and nothing is sent', async ({ page }) => {
  const stub = await open(page);
  await attach(page, [
    { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1536 * 1024, 1) },
  ]);
  const alerts = page.getByRole('alert');
  await expect(alerts).toHaveText(['setup.exe: this type of file is not accepted', 'huge.pdf: too big: the limit is 1 MB']);
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(userMessages(page)).toHaveCount(0);
  expect(stub.posts()).toBe(0);
  expect(await sentOnTheWire(page)).toEqual([]);
});

test('a failed upload says why and offers "Try again": the message goes once', async ({ page }) => {
  const stub = await open(page);
  stub.failNext(503);
  await attach(page, [PDF]);
  await composer(page).fill('Try this');
  await composer(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('invoice.pdf: the site could not keep it');
  await expect(userMessages(page)).toHaveCount(0);
  expect(await sentOnTheWire(page)).toEqual([]);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(userMessages(page)).toHaveAttribute('data-status', 'sent');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.locator('[data-author="agent"]').nth(1)).toBeVisible();
  expect(stub.posts()).toBe(2);
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^Try this\n\[invoice\.pdf\]\(http:\/\/[^)]+\/f1\)$/)]);
  await expect(userMessages(page)).toHaveCount(1);
});

test('a slow upload shows its progress bar with a cancel button; cancel takes the file out and the words still go', async ({ page }) => {
  const stub = await open(page);
  const release = stub.hold();
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
  const stub = await open(page);
  await attach(page, [PDF]);
  await context.setOffline(true);
  await composer(page).fill('Sent while offline');
  await composer(page).press('Enter');
  await expect(page.getByText('Waits for the connection')).toBeVisible();
  expect(stub.posts()).toBe(0);
  await context.setOffline(false);
  await expect(userMessages(page)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  await expect(page.getByText('Waits for the connection')).toHaveCount(0);
  expect(stub.posts()).toBe(1);
  expect(await sentOnTheWire(page)).toEqual([expect.stringMatching(/^Sent while offline\n\[invoice\.pdf\]\(/)]);
  await expect(userMessages(page)).toHaveCount(1);
});

test('keyboard only: attach, remove, attach again and send without the mouse', async ({ page }) => {
  // The file chooser answers at once (listened to from the start: a key press is quicker than a click).
  page.on('filechooser', (chooser) => void chooser.setFiles([PDF]));
  await stubUploadEndpoint(page);
  await loadWidget(page, OPTIONS);
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

for (const [locale, attachName, progressName] of [
  ['en', 'Attach a file', 'Uploading shot.png'],
  ['ar', 'إرفاق ملف', 'جارٍ رفع shot.png'],
] as const)
  test(`axe finds nothing: a sent image, an upload in progress, a file attached, a refusal (${locale})`, async ({ page }) => {
    const stub = await open(page, { locale });
    const shot = { name: 'shot.png', mimeType: 'image/png', buffer: png };
    await attach(page, [shot], attachName);
    await page.getByRole('textbox').press('Enter');
    await expect(userMessages(page).getByRole('img', { name: 'shot.png' })).toBeVisible();
    const release = stub.hold();
    await attach(page, [shot], attachName);
    await page.getByRole('textbox').press('Enter');
    await expect(page.getByRole('progressbar', { name: progressName })).toBeVisible();
    await attach(page, [PDF, { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }], attachName);
    await expect(page.getByRole('alert')).toBeVisible();
    if (locale === 'ar') await expect(page.locator('[data-agent-webchat] [dir="rtl"]').first()).toBeAttached();
    await audit(page);
    release();
  });
