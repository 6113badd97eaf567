// The socket module on the library's own timers (vitest's fake timers drive them): each attempt
// asks for its URL, a stuck attempt times out, nothing is queued, close() ends it for good.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../testing/fake-websocket';
import { openMessagingSocket } from './reconnecting-socket';
import { CONNECT_TIMEOUT_MS } from './timings';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

function open(nextUrl: () => Promise<string>) {
  const seen: string[] = [];
  const socket = openMessagingSocket(FakeWebSocket, {
    nextUrl,
    onOpen: () => seen.push('open'),
    onMessage: (text) => seen.push(`message ${text}`),
    onClose: () => seen.push('close'),
  });
  return { socket, seen };
}

describe('openMessagingSocket', () => {
  it('asks the URL provider for every attempt and reports open, messages and closes', async () => {
    let attempt = 0;
    const { socket, seen } = open(async () => `wss://host/ws?cursor=seq:${attempt++}`);
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeWebSocket.latest();
    expect(first.url).toBe('wss://host/ws?cursor=seq:0');
    first.open();
    expect(socket.isOpen()).toBe(true);
    expect(socket.send('frame')).toBe(true);
    expect(first.sent).toEqual(['frame']);
    first.receive('{"type":"x"}');
    first.drop();
    expect(socket.isOpen()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances.map((ws) => ws.url)).toEqual(['wss://host/ws?cursor=seq:0', 'wss://host/ws?cursor=seq:1']);
    expect(seen).toEqual(['open', 'message {"type":"x"}', 'close']);
    socket.close();
  });

  it('queues nothing while closed: the outbox owns delivery', async () => {
    const { socket } = open(async () => 'wss://host/ws');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.send('early')).toBe(false);
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([]);
    socket.close();
  });

  it('an attempt that neither opens nor fails within the connection timeout counts as closed and is retried', async () => {
    const { socket, seen } = open(async () => 'wss://host/ws');
    await vi.advanceTimersByTimeAsync(0);
    const stuck = FakeWebSocket.latest();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['close']);
    expect(stuck.closedByClient).toBe(true);
    // The library's next attempt waits a zero delay, on a timer set while the timeout fired.
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.close();
  });

  it('waits for the URL provider: the backoff lives there', async () => {
    let release: (url: string) => void = () => undefined;
    const { socket } = open(() => new Promise<string>((resolve) => (release = resolve)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    release('wss://host/ws');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    socket.close();
  });

  it('reconnect() drops an open socket and makes the next attempt', async () => {
    const { socket, seen } = open(async () => 'wss://host/ws');
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.latest().open();
    socket.reconnect();
    expect(FakeWebSocket.instances[0]?.closedByClient).toBe(true);
    expect(seen).toEqual(['open', 'close']);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.close();
  });

  it('close() ends it for good: no handler runs, no attempt follows, the provider is not asked', async () => {
    const nextUrl = vi.fn(async () => 'wss://host/ws');
    const { socket, seen } = open(nextUrl);
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.drop();
    socket.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(nextUrl).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(seen).toEqual(['open', 'close']);
  });
});
