// A WebSocket class for tests: records what the client sends; the test opens, feeds and drops it.

export interface SentFrame {
  type: string;
  payload: Record<string, unknown>;
  custom: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function toFrame(text: string): SentFrame {
  const v: unknown = JSON.parse(text);
  if (!isRecord(v) || typeof v.type !== 'string' || !isRecord(v.payload)) throw new Error(`not a client frame: ${text}`);
  const custom = isRecord(v.metadata) && isRecord(v.metadata.custom) ? v.metadata.custom : {};
  return { type: v.type, payload: v.payload, custom };
}

type Listener = (event: { type: string; data?: unknown; code?: number; reason?: string }) => void;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static latest(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no socket was created');
    return ws;
  }

  readyState = 0;
  binaryType = 'blob';
  readonly sent: string[] = [];
  closedByClient = false;
  private readonly listeners: Record<string, Listener[]> = {};

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners[type] = (this.listeners[type] ?? []).filter((registered) => registered !== listener);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === 3) return;
    this.closedByClient = true;
    this.readyState = 3;
    this.emit('close', { code, reason });
  }

  /** Sent frames parsed, optionally only of one type. */
  frames(type?: string): SentFrame[] {
    return this.sent.map(toFrame).filter((frame) => type === undefined || frame.type === type);
  }

  // Test controls.
  open(): void {
    this.readyState = 1;
    this.emit('open', {});
  }

  receive(frame: unknown): void {
    this.emit('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** Handshake refused or network gone: the browser reports error then close 1006. */
  fail(): void {
    this.readyState = 3;
    this.emit('error', {});
    this.emit('close', { code: 1006, reason: '' });
  }

  drop(): void {
    this.readyState = 3;
    this.emit('close', { code: 1006, reason: '' });
  }

  private emit(type: string, event: { data?: unknown; code?: number; reason?: string }): void {
    for (const listener of [...(this.listeners[type] ?? [])]) listener({ type, ...event });
  }
}
