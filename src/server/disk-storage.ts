// Upload storage on this machine's disk: one file per upload named by its random id, and a sidecar
// `<id>.json` holding its description. Only ids made by the endpoint become file names.
// Expired files are removed when their link is asked for, and by a sweep run at most once an hour
// on the next upload, so the directory does not grow without bound.

import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseJsonText } from './json-text';
import { type FileSource, parseStoredFile, requireFileId, type StoredFile, type UploadStorage, webStreamOf } from './upload-storage';

export interface DiskStorageOptions {
  /** Where the files are written; created when missing (again, if it is removed while running). */
  directory: string;
  /** Time between two sweeps of expired files; default an hour. */
  sweepIntervalMs?: number;
  now?: () => number;
}

export function createDiskStorage(options: DiskStorageOptions): UploadStorage {
  if (typeof options.directory !== 'string' || options.directory.trim() === '')
    throw new TypeError('agent-webchat/server: option "directory" of createDiskStorage must be a directory path');
  const directory = options.directory;
  const now = options.now ?? Date.now;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60 * 60 * 1000;
  let lastSweep = now();
  const bytesPath = (id: string) => join(directory, requireFileId(id));
  const sidecarPath = (id: string) => `${bytesPath(id)}.json`;

  async function remove(id: string): Promise<void> {
    await Promise.all([rm(sidecarPath(id), { force: true }), rm(bytesPath(id), { force: true })]);
  }

  async function sweep(): Promise<void> {
    for (const entry of await readdir(directory)) {
      const id = entry.endsWith('.json') ? entry.slice(0, -'.json'.length) : undefined;
      if (id === undefined) continue;
      const file = await readSidecar(sidecarPath(id)).catch(() => undefined);
      if (file && file.expiresAt <= now()) await remove(id);
    }
  }

  return {
    async put(id, source: FileSource, file: StoredFile) {
      await mkdir(directory, { recursive: true });
      const partial = `${bytesPath(id)}.part`;
      try {
        // The sidecar is written last: a file without one is never served.
        await pipeline(source.open(), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, bytesPath(id));
        await writeFile(`${sidecarPath(id)}.part`, JSON.stringify(file), { flag: 'wx' });
        await rename(`${sidecarPath(id)}.part`, sidecarPath(id));
      } catch (error) {
        await Promise.all([rm(partial, { force: true }), rm(`${sidecarPath(id)}.part`, { force: true }), remove(id)]).catch(
          () => undefined,
        );
        throw error;
      }
      if (now() - lastSweep >= sweepIntervalMs) {
        lastSweep = now();
        void sweep().catch(() => undefined);
      }
    },
    async get(id) {
      let file: StoredFile | undefined;
      try {
        file = await readSidecar(sidecarPath(id));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      if (!file) return undefined;
      const stream = createReadStream(bytesPath(id));
      // Opened before answering: a sidecar whose bytes are gone is no file.
      const opened = await new Promise<boolean>((resolve, reject) => {
        stream.once('open', () => resolve(true));
        stream.once('error', (error) => (isMissing(error) ? resolve(false) : reject(error)));
      });
      if (!opened) return undefined;
      return { file, body: webStreamOf(stream) };
    },
    delete: remove,
  };
}

async function readSidecar(path: string): Promise<StoredFile | undefined> {
  return parseStoredFile(parseJsonText(await readFile(path, 'utf8')));
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Reflect.get(error, 'code') === 'ENOENT';
}
