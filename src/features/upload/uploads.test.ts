// The files' way from attaching to one user message: limits first, one upload at a time, one send
// per message whatever fails and is tried again, files that wait while offline, cancel.
import { describe, expect, it, vi } from 'vitest';
import type { UploadLimits } from './limits';
import type { UploadOutcome, UploadRequest } from './upload-request';
import { Uploads, type UploadsSettings } from './uploads';

const LIMITS: UploadLimits = { maxBytes: 100, types: ['image/png', 'application/pdf'] };
const png = (name = 'shot.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const pdf = (name = 'invoice.pdf') => new File([new Uint8Array(20)], name, { type: 'application/pdf' });

/** An upload the test answers by hand: each call waits until `answer` settles it. */
function harness(settings: Partial<UploadsSettings> = {}) {
  const pending: { file: File; settle(outcome: UploadOutcome): void; progress(loaded: number): void; aborted: boolean }[] = [];
  let online = true;
  let wake: () => void = () => {};
  const sent: string[] = [];
  const revoked: string[] = [];
  const uploads = new Uploads({
    url: '/api/upload',
    fetchLimits: async () => LIMITS,
    upload(_url, file, onProgress): UploadRequest {
      let settle: (outcome: UploadOutcome) => void = () => {};
      const done = new Promise<UploadOutcome>((resolve) => {
        settle = resolve;
      });
      const entry = { file, settle, progress: (loaded: number) => onProgress(loaded, file.size), aborted: false };
      pending.push(entry);
      return {
        done,
        abort() {
          entry.aborted = true;
          settle({ aborted: true });
        },
      };
    },
    send: (text) => void sent.push(text),
    online: () => online,
    onOnline(listener) {
      wake = listener;
      return () => {};
    },
    makePreview: async (file) => (file.type.startsWith('image/') ? `blob:${file.name}` : undefined),
    revokePreview: (url) => void revoked.push(url),
    ...settings,
  });
  const uploaded = (name: string, type: string): UploadOutcome => ({ file: { url: `https://site.example/files/${name}`, name, type } });
  return {
    uploads,
    pending,
    sent,
    revoked,
    uploaded,
    setOnline(value: boolean) {
      online = value;
      if (value) wake();
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Uploads', () => {
  it('sends the words and every file as one message once each file is up, one upload at a time', async () => {
    const { uploads, pending, sent, uploaded } = harness();
    await uploads.attach([png(), pdf()]);
    expect(uploads.view().attached.map((file) => file.name)).toEqual(['shot.png', 'invoice.pdf']);
    expect(uploads.takeSend('Here they are')).toBe(true);
    expect(uploads.view().attached).toEqual([]);
    await settled();
    expect(pending).toHaveLength(1);
    pending[0]!.progress(5);
    expect(uploads.view().outgoing[0]!.files[0]).toMatchObject({ state: 'uploading', loaded: 5, total: 10 });
    pending[0]!.settle(uploaded('shot.png', 'image/png'));
    await settled();
    expect(pending).toHaveLength(2);
    expect(sent).toEqual([]);
    pending[1]!.settle(uploaded('invoice.pdf', 'application/pdf'));
    await settled();
    expect(sent).toEqual([
      'Here they are\n![shot.png](https://site.example/files/shot.png)\n[invoice.pdf](https://site.example/files/invoice.pdf)',
    ]);
    expect(uploads.view().outgoing).toEqual([]);
  });

  it('leaves a plain send to the composer when nothing is attached or on its way', () => {
    const { uploads } = harness();
    expect(uploads.takeSend('hello')).toBe(false);
    expect(uploads.takeSend('')).toBe(false);
  });

  it("refuses at once, with the reason, a file the site's limits refuse: nothing is uploaded", async () => {
    const { uploads, pending } = harness();
    await uploads.attach([png('big.png', 101), new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }), png()]);
    expect(uploads.view().refused.map(({ name, refusal, maxBytes }) => [name, refusal, maxBytes])).toEqual([
      ['big.png', 'too-big', 100],
      ['tool.exe', 'type', 100],
    ]);
    expect(uploads.view().attached.map((file) => file.name)).toEqual(['shot.png']);
    expect(pending).toEqual([]);
  });

  it('a failed upload says why, sends nothing, and "Try again" sends the message once', async () => {
    const { uploads, pending, sent, uploaded } = harness();
    await uploads.attach([png()]);
    uploads.takeSend('');
    await settled();
    pending[0]!.settle({ failure: 'server' });
    await settled();
    const [message] = uploads.view().outgoing;
    expect(message!.files[0]).toMatchObject({ state: 'failed', failure: 'server' });
    expect(sent).toEqual([]);
    uploads.retry(message!.id);
    await settled();
    expect(pending).toHaveLength(2);
    pending[1]!.settle(uploaded('shot.png', 'image/png'));
    await settled();
    expect(sent).toEqual(['![shot.png](https://site.example/files/shot.png)']);
    uploads.retry(message!.id);
    await settled();
    expect(sent).toHaveLength(1);
  });

  it('a refusal by the site (415) is final: no new try', async () => {
    const { uploads, pending } = harness();
    await uploads.attach([png()]);
    uploads.takeSend('');
    await settled();
    pending[0]!.settle({ failure: 'type' });
    await settled();
    const [message] = uploads.view().outgoing;
    expect(message!.files[0]).toMatchObject({ state: 'failed', failure: 'type' });
    uploads.retry(message!.id);
    await settled();
    expect(pending).toHaveLength(1);
  });

  it('offline, the file waits without trying and goes when the browser is online again', async () => {
    const { uploads, pending, sent, uploaded, setOnline } = harness();
    setOnline(false);
    await uploads.attach([png()]);
    uploads.takeSend('while offline');
    await settled();
    expect(pending).toEqual([]);
    expect(uploads.view()).toMatchObject({ online: false, outgoing: [{ files: [{ state: 'waiting' }] }] });
    setOnline(true);
    await settled();
    pending[0]!.settle(uploaded('shot.png', 'image/png'));
    await settled();
    expect(sent).toEqual(['while offline\n![shot.png](https://site.example/files/shot.png)']);
  });

  it('an upload cut by the connection going away waits again rather than failing', async () => {
    const { uploads, pending, setOnline } = harness();
    await uploads.attach([png()]);
    uploads.takeSend('');
    await settled();
    setOnline(false);
    pending[0]!.settle({ failure: 'network' });
    await settled();
    expect(uploads.view().outgoing[0]!.files[0]!.state).toBe('waiting');
  });

  it('cancel stops the upload and takes the file out; the words still go', async () => {
    const { uploads, pending, sent, revoked } = harness();
    await uploads.attach([png()]);
    await settled();
    uploads.takeSend('just words then');
    await settled();
    const [message] = uploads.view().outgoing;
    uploads.cancel(message!.id, message!.files[0]!.id);
    await settled();
    expect(pending[0]!.aborted).toBe(true);
    expect(revoked).toEqual(['blob:shot.png']);
    expect(sent).toEqual(['just words then']);
    expect(uploads.view().outgoing).toEqual([]);
  });

  it('cancelling the only file of a message without words drops the message', async () => {
    const { uploads, sent } = harness();
    await uploads.attach([png()]);
    uploads.takeSend('');
    await settled();
    const [message] = uploads.view().outgoing;
    uploads.cancel(message!.id, message!.files[0]!.id);
    await settled();
    expect(uploads.view().outgoing).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('words sent while a message with files is on its way go after it, in order', async () => {
    const { uploads, pending, sent, uploaded } = harness();
    await uploads.attach([png()]);
    uploads.takeSend('first');
    expect(uploads.takeSend('second')).toBe(true);
    await settled();
    expect(sent).toEqual([]);
    pending[0]!.settle(uploaded('shot.png', 'image/png'));
    await settled();
    expect(sent).toEqual(['first\n![shot.png](https://site.example/files/shot.png)', 'second']);
  });

  it('makes a preview for an image and revokes it when the file is put away', async () => {
    const { uploads, revoked } = harness();
    await uploads.attach([png(), pdf()]);
    await settled();
    const [image, document] = uploads.view().attached;
    expect(image!.preview).toBe('blob:shot.png');
    expect(document!.preview).toBeUndefined();
    uploads.unattach(image!.id);
    expect(revoked).toEqual(['blob:shot.png']);
  });

  it('without the limits (the site unreachable), attaches and lets the site judge; asks for them again later', async () => {
    const fetchLimits = vi.fn(async (): Promise<UploadLimits | undefined> => undefined);
    const { uploads } = harness({ fetchLimits });
    await uploads.attach([png('big.png', 500)]);
    expect(uploads.view().attached).toHaveLength(1);
    await uploads.attach([png()]);
    expect(fetchLimits).toHaveBeenCalledTimes(2);
  });
});
