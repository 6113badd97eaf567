// The upload feature in a rendered widget, through the seam: the button and its file chooser, the
// site's limits refusing with a reason, the progress bar named after the file, a failure and
// "Try again" (one message), the visitor's messages with files shown as links and thumbnails.
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetOptions } from '../../contract/widget';
import { mountWidget } from '../../mount';
import { createFeatureHost } from '../../seam/feature-host';
import type { WebchatState } from '../../store/state';
import { createFakeFetch } from '../../testing/fake-fetch';
import { fakeClient, user } from '../../ui/test-helpers';
import upload from './index';

/** The XMLHttpRequests the feature made; the test answers each. */
const requests: FakeXhr[] = [];
class FakeXhr {
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  response: unknown = null;
  method = '';
  url = '';
  body: unknown;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
    requests.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    act(() => this.onload?.());
  }
}

afterEach(() => {
  document.body.innerHTML = '';
  requests.length = 0;
  vi.unstubAllGlobals();
});

/** A widget whose conversation is up (unless `patch` says otherwise). */
function widget(options: Partial<WidgetOptions> = { uploadUrl: '/api/upload' }, patch: Partial<WebchatState> = {}) {
  const { fetch, requests: fetched } = createFakeFetch(() => ({
    status: 200,
    body: { maxBytes: 2 * 1024 * 1024, types: ['image/png', 'application/pdf'] },
  }));
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const client = fakeClient({ status: 'online', ...patch });
  const features = createFeatureHost(
    { options: { messagingUrl: 'https://example.com', connectorToken: 't', ...options }, client, emit: () => {} },
    [upload],
  );
  act(() => {
    mountWidget(client, { open: true, locale: 'en', features });
  });
  const shadow = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
  const root = within(shadow as unknown as HTMLElement);
  return { root, shadow, client, fetched };
}

/** Chooses files through "Attach a file" (its hidden input). */
function choose(shadow: ShadowRoot, files: File[]) {
  const input = shadow.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

const png = (name = 'shot.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the upload feature', () => {
  it('offers "Attach a file" beside Send, whose hidden input takes several files', () => {
    const { root, shadow } = widget();
    expect(root.getByRole('button', { name: 'Attach a file' })).toBeTruthy();
    const input = shadow.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.multiple).toBe(true);
    expect(input.hidden).toBe(true);
  });

  it('is absent without uploadUrl', () => {
    const { root } = widget({});
    expect(root.queryByRole('button', { name: 'Attach a file' })).toBeNull();
  });

  it("says why the site's limits refuse a file, and sends nothing", async () => {
    const { root, shadow, client, fetched } = widget();
    choose(shadow, [png('huge.png', 3 * 1024 * 1024), new File(['x'], 'page.html', { type: 'text/html' })]);
    await waitFor(() => expect(root.getAllByRole('alert')).toHaveLength(2));
    expect(root.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'huge.png: too big: the limit is 2 MB',
      'page.html: this type of file is not accepted',
    ]);
    expect(fetched.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/upload']);
    fireEvent.click(root.getByRole('button', { name: 'Send' }));
    expect(client.send).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('uploads on Send with a progress bar per file, then sends the words and the link as one message', async () => {
    const { root, shadow, client } = widget();
    choose(shadow, [png()]);
    await root.findByRole('button', { name: 'Remove shot.png' });
    fireEvent.input(root.getByRole('textbox', { name: 'Message' }), { target: { value: 'My screenshot' } });
    fireEvent.click(root.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/upload');
    expect(requests[0]!.body).toBeInstanceOf(FormData);
    requests[0]!.progress(4, 10);
    const bar = await root.findByRole('progressbar', { name: 'Uploading shot.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(root.getByRole('button', { name: 'Cancel shot.png' })).toBeTruthy();
    expect(client.send).not.toHaveBeenCalled();
    requests[0]!.answer(201, { id: 'f1', url: 'https://site.example/files/f1', name: 'shot.png', type: 'image/png', size: 10 });
    await waitFor(() => expect(client.send).toHaveBeenCalledTimes(1));
    expect(client.send).toHaveBeenCalledWith('My screenshot\n![shot.png](https://site.example/files/f1)');
    await waitFor(() => expect(root.queryByRole('progressbar')).toBeNull());
  });

  it('a failed upload says why and offers "Try again", which sends the message once', async () => {
    const { root, shadow, client } = widget();
    choose(shadow, [png()]);
    await root.findByRole('button', { name: 'Remove shot.png' });
    fireEvent.click(root.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.answer(503, { message: 'storage unreachable' });
    expect((await root.findByRole('alert')).textContent).toBe('shot.png: the site could not keep it');
    fireEvent.click(root.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    requests[1]!.answer(201, { id: 'f1', url: 'https://site.example/files/f1', name: 'shot.png', type: 'image/png', size: 10 });
    await waitFor(() => expect(client.send).toHaveBeenCalledTimes(1));
    expect(root.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a Send before the conversation is up waits for it to upload (the site refuses a visitor not yet bound)', async () => {
    const { root, shadow, client } = widget(undefined, { status: 'connecting' });
    choose(shadow, [png()]);
    await root.findByRole('button', { name: 'Remove shot.png' });
    fireEvent.click(root.getByRole('button', { name: 'Send' }));
    expect(await root.findByText('Waits for the connection')).toBeTruthy();
    // Send decides at once: the file waits, nothing is tried.
    expect(requests).toEqual([]);
    act(() => client.store.setState({ status: 'online' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(root.queryByText('Waits for the connection')).toBeNull();
    requests[0]!.answer(201, { id: 'f1', url: 'https://site.example/files/f1', name: 'shot.png', type: 'image/png', size: 10 });
    await waitFor(() => expect(client.send).toHaveBeenCalledTimes(1));
    expect(client.send).toHaveBeenCalledWith('![shot.png](https://site.example/files/f1)');
    expect(root.queryByRole('alert')).toBeNull();
  });

  it("shows a visitor's file lines as links named by the file, an image also as a thumbnail, after a reload too", () => {
    const text = 'Here\n![parcel \\[2\\].jpg](https://site.example/files/p)\n[invoice.pdf](https://site.example/files/i)';
    const { root } = widget(undefined, { items: [user('u1', text), user('u2', '[x](javascript:alert(1))')] });
    const image = root.getByRole('link', { name: 'parcel [2].jpg' });
    expect(image.getAttribute('href')).toBe('https://site.example/files/p');
    expect(image.getAttribute('target')).toBe('_blank');
    const thumbnail = within(image).getByRole('img', { name: 'parcel [2].jpg' });
    expect(thumbnail.getAttribute('src')).toBe('https://site.example/files/p');
    const pdfLink = root.getByRole('link', { name: 'invoice.pdf' });
    expect(pdfLink.getAttribute('href')).toBe('https://site.example/files/i');
    expect(within(pdfLink).queryByRole('img')).toBeNull();
    expect(root.getByText('Here')).toBeTruthy();
    // Not the format (a script URL): plain text, no link.
    expect(root.getByText('[x](javascript:alert(1))')).toBeTruthy();
    expect(root.queryByRole('link', { name: 'x' })).toBeNull();
  });

  it('attaches an image pasted into the text box, and leaves pasted text alone', async () => {
    const { root } = widget();
    const box = root.getByRole('textbox', { name: 'Message' });
    const pasted = png('pasted.png');
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { files: [pasted] } });
    box.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await root.findByRole('button', { name: 'Remove pasted.png' });
    const text = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(text, 'clipboardData', { value: { files: [] } });
    box.dispatchEvent(text);
    expect(text.defaultPrevented).toBe(false);
  });
});
