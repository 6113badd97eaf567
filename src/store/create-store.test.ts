import { describe, expect, it, vi } from 'vitest';
import { parseFrame } from '../protocol/parse-frame';
import { createWebchatStore } from './create-store';
import { createInitialState } from './state';

describe('createWebchatStore', () => {
  it('dispatch reduces and notifies only on change', () => {
    const { store, dispatch } = createWebchatStore();
    const listener = vi.fn();
    store.subscribe(listener);
    dispatch({ type: 'status', status: 'online' });
    expect(store.getState().status).toBe('online');
    expect(listener).toHaveBeenCalledTimes(1);
    dispatch({ type: 'status', status: 'online' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('replaces the state, so a cleared optional field is gone', () => {
    const { store, dispatch } = createWebchatStore();
    dispatch({ type: 'status', status: 'error', error: { code: 'network', message: 'down' } });
    dispatch({ type: 'status', status: 'online' });
    expect('error' in store.getState()).toBe(false);
  });

  it('starts from a given state', () => {
    const initial = { ...createInitialState(), status: 'online' as const };
    expect(createWebchatStore(initial).store.getState()).toBe(initial);
  });

  it('wire frames → parseFrame → dispatch', () => {
    const { store, dispatch } = createWebchatStore();
    const frames = [
      {
        type: 'EVENT_TYPE_EVENT_BATCH',
        payload: {
          events: [
            { id: 'a', sequence: 1, timestamp: 't1', type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', payload: { agent_name: 'Ava' } },
            {
              id: 'b',
              sequence: 2,
              timestamp: 't2',
              type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
              payload: { message_id: 'm', text: 'Hi', response_suggestions: [{ message_text: 'Hello' }] },
            },
          ],
        },
      },
      {
        id: 'c',
        sequence: 3,
        timestamp: 't3',
        type: 'EVENT_TYPE_USER_MESSAGE',
        payload: { text: 'Hello', message_id: 'u' },
        metadata: { custom: { client_event_id: 'c-1' } },
      },
      {
        id: 'd',
        sequence: 4,
        timestamp: 't4',
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        payload: { message_id: 'r', text: 'Sure', chunk_index: 1 },
      },
      {
        id: 'e',
        sequence: 5,
        timestamp: 't5',
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        payload: { message_id: 'r', chunk_index: 2, is_complete: true },
      },
    ];
    dispatch({ type: 'user-send', clientEventId: 'c-1', text: 'Hello', timestamp: 'local' });
    for (const f of frames) {
      const parsed = parseFrame(JSON.stringify(f));
      if (parsed.ok) dispatch({ type: 'server-events', events: parsed.events });
    }
    const s = store.getState();
    expect(
      s.items.map((i) => [
        i.kind,
        i.kind === 'system' ? '' : i.text,
        i.kind === 'user' ? i.status : i.kind === 'system' ? '' : i.authorName,
      ]),
    ).toEqual([
      ['agent', 'Hi', 'Ava'],
      ['user', 'Hello', 'sent'],
      ['agent', 'Sure', 'Ava'],
    ]);
    expect(s.suggestions).toEqual([]);
    expect(s.lastSequence).toBe(5);
  });
});
