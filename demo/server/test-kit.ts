// Helpers for the platform tests: a server with fast pacing, HTTP shortcuts, and a WebSocket
// client that validates every frame's envelope and lets a test await the next matching frame.

import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type PlatformOptions, UNLIMITED } from './options';
import { type PlatformServer, startPlatformServer } from './platform';

export const FAST_PACING = { chunkDelayMs: 1, thinkingDelayMs: 2, liveAgentDelayMs: 5 };
export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
const NO_LIMITS = { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED };

/** Fast pacing and no rate limits unless the test says otherwise. */
export function startTestPlatform(options: PlatformOptions = {}): Promise<PlatformServer> {
  return startPlatformServer({
    staticDir: PUBLIC_DIR,
    ...options,
    pacing: { ...FAST_PACING, ...options.pacing },
    rateLimit: { ...NO_LIMITS, ...options.rateLimit },
  });
}

export type Payload = Record<string, unknown>;

export interface WireEvent {
  id: string;
  sequence: number | null;
  timestamp: string;
  type: string;
  payload: Payload;
  metadata?: { custom: Payload };
}

function isRecord(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enforces docs/protocol.md §3 on every server frame; throws with the reason. */
export function toWireEvent(value: unknown): WireEvent {
  if (!isRecord(value)) throw new Error('frame is not an object');
  const { id, sequence, timestamp, type, payload, metadata } = value;
  if (typeof id !== 'string' || id === '') throw new Error('id must be a non-empty string');
  if (sequence !== null && !(typeof sequence === 'number' && Number.isInteger(sequence) && sequence > 0))
    throw new Error('sequence must be a positive integer or null');
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp)) || !timestamp.includes('T'))
    throw new Error('timestamp must be ISO 8601');
  if (typeof type !== 'string') throw new Error('type must be a string');
  if (!isRecord(payload)) throw new Error('payload must be an object');
  // The platform: "server events also carry id, timestamp and metadata (with metadata.custom …)".
  if (!isRecord(metadata) || !isRecord(metadata['custom'])) throw new Error('metadata must be { custom: object }');
  return { id, sequence, timestamp, type, payload, metadata: { custom: metadata['custom'] } };
}

export function batchEvents(frame: WireEvent): WireEvent[] {
  const events = frame.payload['events'];
  if (frame.type !== 'EVENT_TYPE_EVENT_BATCH' || !Array.isArray(events)) throw new Error(`not a batch: ${frame.type}`);
  return events.map(toWireEvent);
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  const response = await fetch(url, { method: init.method ?? 'POST', headers: init.headers, body: init.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body };
}

export function requestToken(base: string, connectorToken = 'demo-connector-token', host = 'localhost'): Promise<HttpAnswer> {
  return request(`${base}/api/v1/access-token`, {
    headers: { 'X-Token': connectorToken, 'X-Host': host, 'Content-Type': 'application/json' },
    body: '{}',
  });
}

export async function fetchToken(base: string): Promise<string> {
  const answer = await requestToken(base);
  const token = isRecord(answer.body) ? answer.body['access_token'] : undefined;
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`token request failed: ${answer.status}`);
  return token;
}

export function requestSession(base: string, authorization: string | undefined, body?: string): Promise<HttpAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (authorization !== undefined) headers['Authorization'] = authorization;
  return request(`${base}/api/v1/sessions`, { headers, ...(body === undefined ? {} : { body }) });
}

export async function createSession(base: string, token: string, body: Payload = {}): Promise<string> {
  const answer = await requestSession(base, `Bearer ${token}`, JSON.stringify(body));
  const sessionId = isRecord(answer.body) ? answer.body['session_id'] : undefined;
  if (answer.status !== 200 || typeof sessionId !== 'string') throw new Error(`session request failed: ${answer.status}`);
  return sessionId;
}

export interface TestSession {
  token: string;
  sessionId: string;
}

export async function newSession(server: PlatformServer, options: { streaming?: boolean } = {}): Promise<TestSession> {
  const token = await fetchToken(server.url);
  const sessionId = await createSession(server.url, token, { platform: 'web', streaming_enabled: options.streaming ?? false });
  return { token, sessionId };
}

export function socketUrl(server: PlatformServer, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return `${server.url.replace(/^http/, 'ws')}/ws?${query.toString()}`;
}

export type Refusal = { kind: 'status'; status: number; body: string } | { kind: 'dropped' };

/** Opens a socket that must be refused; tells how (HTTP status and body, or a dropped TCP socket). */
export function expectRefusal(url: string): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => resolve({ kind: 'status', status: response.statusCode ?? 0, body }));
    });
    socket.on('open', () => {
      socket.terminate();
      reject(new Error('socket opened but a refusal was expected'));
    });
    socket.on('error', () => resolve({ kind: 'dropped' }));
  });
}

type Waiter = () => boolean;

export class TestSocket {
  /** Every text frame as received. */
  readonly raw: string[] = [];
  /** Every frame parsed as a valid envelope, in arrival order. */
  readonly frames: WireEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private waiters: Waiter[] = [];
  private malformed: Error | undefined;

  private constructor(
    readonly socket: WebSocket,
    private readonly strict: boolean,
  ) {
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      try {
        this.frames.push(toWireEvent(JSON.parse(text)));
      } catch (error) {
        if (this.strict) this.malformed = new Error(`malformed server frame (${String(error)}): ${text.slice(0, 200)}`);
      }
      this.waiters = this.waiters.filter((waiter) => !waiter());
    });
  }

  static open(url: string, options: { strict?: boolean } = {}): Promise<TestSocket> {
    const socket = new WebSocket(url);
    const client = new TestSocket(socket, options.strict ?? true);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`handshake refused: ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  static connect(server: PlatformServer, session: TestSession, cursor?: string): Promise<TestSocket> {
    return TestSocket.open(socketUrl(server, { session_id: session.sessionId, access_token: session.token, cursor }));
  }

  /** Resolves with the next not-yet-consumed frame matching `match`; frames passed over are consumed. */
  next(match: (event: WireEvent) => boolean, timeoutMs = 3000): Promise<WireEvent> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.malformed) {
          clearTimeout(timer);
          reject(this.malformed);
          return true;
        }
        while (this.cursor < this.frames.length) {
          const frame = this.frames[this.cursor];
          this.cursor += 1;
          if (frame && match(frame)) {
            clearTimeout(timer);
            resolve(frame);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        reject(new Error(`timed out after ${timeoutMs} ms; frames so far: ${this.frames.map((frame) => frame.type).join(', ')}`));
      }, timeoutMs);
      if (!check()) this.waiters.push(check);
    });
  }

  nextOfType(type: string, timeoutMs?: number): Promise<WireEvent> {
    return this.next((event) => event.type === type, timeoutMs);
  }

  /** All events of the replay batches received so far, flattened. */
  replayed(): WireEvent[] {
    return this.frames.filter((frame) => frame.type === 'EVENT_TYPE_EVENT_BATCH').flatMap(batchEvents);
  }

  /** Live (non-batch) frames received so far. */
  live(): WireEvent[] {
    return this.frames.filter((frame) => frame.type !== 'EVENT_TYPE_EVENT_BATCH');
  }

  send(value: unknown): void {
    this.socket.send(JSON.stringify(value));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  /** A heartbeat round trip: every frame the server sent before answering it has arrived. */
  async barrier(): Promise<void> {
    const marker = `barrier-${Math.random()}`;
    this.send({ type: 'EVENT_TYPE_HEARTBEAT', payload: {}, metadata: { custom: { marker } } });
    await this.next((event) => event.type === 'EVENT_TYPE_HEARTBEAT' && event.metadata?.custom['marker'] === marker);
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }
}

export function userMessage(text: string, custom: Payload = { client_event_id: `c-${Math.random()}` }): Payload {
  return { type: 'EVENT_TYPE_USER_MESSAGE', payload: { text }, metadata: { custom } };
}

export const JOIN = { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN', payload: {} };

export function str(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`expected a string, got ${JSON.stringify(value)}`);
  return value;
}

export function num(value: unknown): number {
  if (typeof value !== 'number') throw new Error(`expected a number, got ${JSON.stringify(value)}`);
  return value;
}

export function rec(value: unknown): Payload {
  if (!isRecord(value)) throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  return value;
}

export function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`expected an array, got ${JSON.stringify(value)}`);
  return value;
}

/** Collects the chunks of one streamed message until the complete one and every index is present. */
export async function collectChunks(socket: TestSocket, timeoutMs = 3000): Promise<WireEvent[]> {
  const first = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', timeoutMs);
  const messageId = str(first.payload['message_id']);
  const chunks = [first];
  const complete = (): boolean => {
    const last = chunks.find((chunk) => chunk.payload['is_complete'] === true);
    return last !== undefined && new Set(chunks.map((chunk) => chunk.payload['chunk_index'])).size === num(last.payload['chunk_index']);
  };
  while (!complete()) {
    chunks.push(
      await socket.next(
        (event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' && event.payload['message_id'] === messageId,
        timeoutMs,
      ),
    );
  }
  return chunks;
}

export function assembled(chunks: readonly WireEvent[]): string {
  return [...chunks]
    .sort((a, b) => num(a.payload['chunk_index']) - num(b.payload['chunk_index']))
    .map((chunk) => str(chunk.payload['text']))
    .join('');
}
