// The visitor's files, from attaching to the message that carries their links. Files wait beside
// the composer ("attached") until the visitor sends; the words and those files then become one
// outgoing message that uploads its files one after another and, once every file has its link,
// goes to the conversation as ONE user message (message-format.ts) through the client, whose outbox
// rules stand from there. Outgoing messages leave in the order they were sent. Offline, or before
// the conversation is up (the site takes files only from a visitor bound to one), a file waits
// (nothing is tried) and goes once both are back. A failed upload says why and
// can be tried again: the message is sent only once every file is uploaded, so never twice.
// No DOM here: the components (and the tests) read `view()` and call the actions.

import { type Refusal, refusalOf, type UploadLimits } from './limits';
import { buildMessage, type FileLink, isImageType } from './message-format';
import type { Upload, UploadFailure, UploadOutcome, UploadRequest } from './upload-request';

/** Refusals the same file would meet again: no "Try again" for them. */
const FINAL: ReadonlySet<UploadFailure> = new Set<UploadFailure>(['too-big', 'type', 'empty', 'refused']);
export const canRetry = (failure: UploadFailure | undefined): boolean => !!failure && !FINAL.has(failure);

export interface FileItem {
  readonly id: string;
  readonly file: File;
  /** The visitor's name of the file (the site's cleaned name once uploaded). */
  name: string;
  /** A small picture made on this side (blob URL), for an image. */
  preview?: string;
  state: 'attached' | 'waiting' | 'uploading' | 'done' | 'failed';
  /** Bytes sent of `total`, while uploading. */
  loaded: number;
  total: number;
  failure?: UploadFailure;
  link?: FileLink;
}

export interface OutgoingMessage {
  readonly id: string;
  readonly words: string;
  files: FileItem[];
}

/** A file refused when attached (by the site's limits): said, never sent. */
export interface RefusedFile {
  readonly id: string;
  readonly name: string;
  readonly refusal: Refusal;
  readonly maxBytes: number;
}

export interface UploadsView {
  attached: readonly FileItem[];
  refused: readonly RefusedFile[];
  outgoing: readonly OutgoingMessage[];
  /** Files are being dragged over the panel. */
  dragging: boolean;
  /** Uploads may go (settings.online); files wait otherwise. */
  online: boolean;
  /** The site's largest file, once known (what "too big" says). */
  maxBytes: number | undefined;
}

export interface UploadsSettings {
  url: string;
  /** `GET {url}` read (undefined when it could not be: the site judges alone then). */
  fetchLimits(): Promise<UploadLimits | undefined>;
  upload: Upload;
  /** Sends the message to the conversation (the client's outbox). */
  send(text: string): void;
  /** The browser is online and the conversation is up: uploads may go. */
  online(): boolean;
  /** Calls back when that may have changed (the browser online again, the conversation up); returns unsubscribe. */
  onOnline(listener: () => void): () => void;
  makePreview(file: File): Promise<string | undefined>;
  revokePreview(url: string): void;
}

export class Uploads {
  #settings: UploadsSettings;
  #attached: FileItem[] = [];
  #refused: RefusedFile[] = [];
  #outgoing: OutgoingMessage[] = [];
  #dragging = false;
  #listeners = new Set<() => void>();
  #limits: Promise<UploadLimits | undefined> | undefined;
  #known: UploadLimits | undefined;
  /** The file uploading now (one at a time) and its request, once made. */
  #active: FileItem | undefined;
  #request: UploadRequest | undefined;
  #nextId = 0;
  #stopOnline: () => void;
  #destroyed = false;

  constructor(settings: UploadsSettings) {
    this.#settings = settings;
    this.#stopOnline = settings.onOnline(() => {
      this.#changed();
      this.#pump();
    });
  }

  view(): UploadsView {
    return {
      attached: this.#attached,
      refused: this.#refused,
      outgoing: this.#outgoing,
      dragging: this.#dragging,
      online: this.#settings.online(),
      maxBytes: this.#known?.maxBytes,
    };
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Files the visitor chose, dropped or pasted: each checked against the site's limits, then kept until sent. */
  async attach(files: readonly File[]): Promise<void> {
    if (!files.length) return;
    this.#refused = [];
    this.#changed();
    const limits = await this.#readLimits();
    if (this.#destroyed) return;
    for (const file of files) {
      const refusal = limits && refusalOf(file, limits);
      if (refusal) {
        this.#refused.push({ id: this.#id(), name: file.name, refusal, maxBytes: limits.maxBytes });
        continue;
      }
      const item: FileItem = { id: this.#id(), file, name: file.name, state: 'attached', loaded: 0, total: file.size };
      this.#attached.push(item);
      void this.#settings.makePreview(file).then((preview) => {
        if (!preview) return;
        if (this.#isKept(item)) {
          item.preview = preview;
          this.#changed();
        } else this.#settings.revokePreview(preview);
      });
    }
    this.#changed();
  }

  /** A file attached but not sent is put away. */
  unattach(id: string): void {
    const item = this.#attached.find((candidate) => candidate.id === id);
    if (!item) return;
    this.#attached = this.#attached.filter((candidate) => candidate !== item);
    this.#forget(item);
    this.#changed();
  }

  /**
   * The visitor sends `words`: true when the message is ours to send — files are attached, or an
   * earlier message with files is still on its way (the words wait behind it, so the order holds).
   */
  takeSend(words: string): boolean {
    if (!this.#attached.length && (!this.#outgoing.length || !words)) return false;
    const files = this.#attached.map((item) => Object.assign(item, { state: 'waiting' as const }));
    this.#attached = [];
    this.#refused = [];
    this.#outgoing.push({ id: this.#id(), words, files });
    this.#changed();
    this.#pump();
    return true;
  }

  /** Cancels one file of an outgoing message (its upload stops); the rest of the message goes on. */
  cancel(messageId: string, fileId: string): void {
    const message = this.#outgoing.find((candidate) => candidate.id === messageId);
    const item = message?.files.find((candidate) => candidate.id === fileId);
    if (!message || !item) return;
    message.files = message.files.filter((candidate) => candidate !== item);
    if (!message.files.length && !message.words) this.#outgoing = this.#outgoing.filter((candidate) => candidate !== message);
    this.#forget(item);
    if (item === this.#active) this.#request?.abort();
    this.#changed();
    this.#pump();
  }

  /** "Try again": the message's failed files go again (those the site would take). */
  retry(messageId: string): void {
    const message = this.#outgoing.find((candidate) => candidate.id === messageId);
    for (const item of message?.files ?? [])
      if (item.state === 'failed' && canRetry(item.failure)) {
        item.state = 'waiting';
        item.failure = undefined;
      }
    this.#changed();
    this.#pump();
  }

  setDragging(dragging: boolean): void {
    if (dragging === this.#dragging) return;
    this.#dragging = dragging;
    this.#changed();
  }

  destroy(): void {
    this.#destroyed = true;
    this.#stopOnline();
    this.#request?.abort();
    for (const item of [...this.#attached, ...this.#outgoing.flatMap((message) => message.files)]) this.#forget(item);
    this.#attached = [];
    this.#outgoing = [];
    this.#listeners.clear();
  }

  #id(): string {
    this.#nextId += 1;
    return String(this.#nextId);
  }

  #isKept(item: FileItem): boolean {
    return this.#attached.includes(item) || this.#outgoing.some((message) => message.files.includes(item));
  }

  #forget(item: FileItem): void {
    if (item.preview) this.#settings.revokePreview(item.preview);
    item.preview = undefined;
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The site's limits, asked once; asked again after a failed read. */
  #readLimits(): Promise<UploadLimits | undefined> {
    // A failed read and an answer that is not the contract's are one case: no limits this time.
    this.#limits ??= this.#settings
      .fetchLimits()
      .catch(() => undefined)
      .then((limits) => {
        if (!limits) this.#limits = undefined;
        this.#known = limits ?? this.#known;
        return limits;
      });
    return this.#limits;
  }

  /**
   * Moves the queue on: the first message that did not fail uploads its next file (one upload at a
   * time), or, with every file uploaded, is sent. A message waits behind an earlier one still going;
   * a failed one lets the next ones pass until it is tried again.
   */
  #pump(): void {
    if (this.#active || this.#destroyed) return;
    for (const message of [...this.#outgoing]) {
      if (message.files.some((item) => item.state === 'failed')) continue;
      const next = message.files.find((item) => item.state === 'waiting');
      if (!next) {
        this.#deliver(message);
        continue;
      }
      if (this.#settings.online()) void this.#upload(message, next);
      return;
    }
  }

  async #upload(message: OutgoingMessage, item: FileItem): Promise<void> {
    this.#active = item;
    item.state = 'uploading';
    item.loaded = 0;
    this.#changed();
    const limits = await this.#readLimits();
    const refusal = limits && refusalOf(item.file, limits);
    let outcome: UploadOutcome | undefined;
    if (refusal) outcome = { failure: refusal };
    else if (message.files.includes(item) && !this.#destroyed) {
      this.#request = this.#settings.upload(this.#settings.url, item.file, (loaded, total) => {
        item.loaded = loaded;
        item.total = total;
        this.#changed();
      });
      outcome = await this.#request.done;
    }
    this.#active = undefined;
    this.#request = undefined;
    // Cancelled (the file is gone already) or destroyed: nothing to record.
    if (!outcome || 'aborted' in outcome || this.#destroyed) return void this.#pump();
    if ('file' in outcome) {
      item.state = 'done';
      item.name = outcome.file.name;
      item.link = { name: outcome.file.name, url: outcome.file.url, image: isImageType(outcome.file.type) };
    } else if (outcome.failure === 'network' && !this.#settings.online()) {
      // No answer while the browser is offline: the file waits for the connection, it did not fail.
      item.state = 'waiting';
    } else {
      item.state = 'failed';
      item.failure = outcome.failure;
    }
    this.#changed();
    this.#pump();
  }

  /** Every file is up: the message goes to the client (whose outbox also says when it is too long for the server). */
  #deliver(message: OutgoingMessage): void {
    this.#outgoing = this.#outgoing.filter((candidate) => candidate !== message);
    for (const item of message.files) this.#forget(item);
    const links = message.files.flatMap((item) => (item.link ? [item.link] : []));
    const text = buildMessage(message.words, links);
    if (text) this.#settings.send(text);
    this.#changed();
  }
}
