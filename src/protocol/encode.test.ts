import { describe, expect, it } from 'vitest';
import { encodeClientEvent } from './encode';

const decode = (s: string): unknown => JSON.parse(s);

describe('encodeClientEvent', () => {
  it('USER_MESSAGE carries its text and client_event_id, after the site metadata', () => {
    expect(
      decode(
        encodeClientEvent(
          { type: 'EVENT_TYPE_USER_MESSAGE', text: 'hi', clientEventId: 'c-1' },
          { page: '/p', client_event_id: 'site-cannot-override' },
        ),
      ),
    ).toEqual({
      type: 'EVENT_TYPE_USER_MESSAGE',
      payload: { text: 'hi' },
      metadata: { custom: { page: '/p', client_event_id: 'c-1' } },
    });
  });

  it('empty payloads, typing state, no metadata when there is none', () => {
    expect(decode(encodeClientEvent({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }))).toEqual({
      type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
      payload: {},
    });
    expect(decode(encodeClientEvent({ type: 'EVENT_TYPE_HEARTBEAT' }, {}))).toEqual({ type: 'EVENT_TYPE_HEARTBEAT', payload: {} });
    expect(decode(encodeClientEvent({ type: 'EVENT_TYPE_USER_END_SESSION' }))).toEqual({
      type: 'EVENT_TYPE_USER_END_SESSION',
      payload: {},
    });
    expect(decode(encodeClientEvent({ type: 'EVENT_TYPE_USER_TYPING', state: 'TYPING_STATE_STOPPED' }))).toEqual({
      type: 'EVENT_TYPE_USER_TYPING',
      payload: { state: 'TYPING_STATE_STOPPED' },
    });
  });

  it('site metadata and per-event custom metadata go on every event; client_event_id only on messages', () => {
    expect(decode(encodeClientEvent({ type: 'EVENT_TYPE_HEARTBEAT', custom: { a: 2 } }, { a: 1, b: true }))).toEqual({
      type: 'EVENT_TYPE_HEARTBEAT',
      payload: {},
      metadata: { custom: { a: 2, b: true } },
    });
  });

  it('never puts id, sequence or timestamp on the wire', () => {
    const frame = decode(encodeClientEvent({ type: 'EVENT_TYPE_USER_MESSAGE', text: 'x', clientEventId: 'c' }));
    expect(Object.keys(frame as object).sort()).toEqual(['metadata', 'payload', 'type']);
  });
});
