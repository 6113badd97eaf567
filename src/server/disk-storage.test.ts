// The disk store on its own: ids only as file names, the description written last, expired files swept.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import { newFileId } from './upload-storage';

const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function directory(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'agent-webchat-disk-test-'));
  directories.push(made);
  return made;
}

const source = (text: string) => ({ size: Buffer.byteLength(text), open: () => Readable.from([Buffer.from(text)]) });

describe('createDiskStorage', () => {
  it('keeps bytes and description under the id, and reads them back', async () => {
    const storage = createDiskStorage({ directory: await directory() });
    const id = newFileId();
    await storage.put(id, source('hello'), { name: 'a.pdf', type: 'application/pdf', size: 5, expiresAt: 42 });
    const found = await storage.get(id);
    expect(found?.file).toEqual({ name: 'a.pdf', type: 'application/pdf', size: 5, expiresAt: 42 });
    expect(await new Response(found?.body).text()).toBe('hello');
    expect(await storage.get(newFileId())).toBeUndefined();
  });

  it('refuses anything but an id as a name, and serves no file whose description is broken', async () => {
    const where = await directory();
    const storage = createDiskStorage({ directory: where });
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/not an upload id/);
    const id = newFileId();
    await writeFile(join(where, id), 'bytes');
    await writeFile(join(where, `${id}.json`), '{"name": 1}');
    expect(await storage.get(id)).toBeUndefined();
  });

  it('sweeps expired files on the next upload once the interval has passed', async () => {
    const where = await directory();
    const clock = { now: 1_000_000 };
    const storage = createDiskStorage({ directory: where, sweepIntervalMs: 1000, now: () => clock.now });
    const old = newFileId();
    const kept = newFileId();
    await storage.put(old, source('old'), { name: 'old.pdf', type: 'application/pdf', size: 3, expiresAt: clock.now + 500 });
    await storage.put(kept, source('kept'), { name: 'kept.pdf', type: 'application/pdf', size: 4, expiresAt: clock.now + 60_000 });
    clock.now += 1000;
    await storage.put(newFileId(), source('new'), { name: 'new.pdf', type: 'application/pdf', size: 3, expiresAt: clock.now + 60_000 });
    await expect.poll(async () => (await readdir(where)).filter((name) => name.startsWith(old))).toEqual([]);
    expect((await readdir(where)).filter((name) => name.startsWith(kept))).toHaveLength(2);
  });
});
